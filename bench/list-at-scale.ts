// POST /envelopes/list over a large account (issue 9, docs/operations/configuration.md: p99 ≤ 20 ms over 1,000,000 envelopes).
// Seeds one account with bulk SQL through the migrated schema (its triggers keep the list's counters,
// tags and name index as the service would), starts the real server on that database and measures
// the list over HTTP for each filter case.
//   node --import tsx bench/list-at-scale.ts --database sqlite|postgres --envelopes 1000000 --seconds 5
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { createAccount } from '../src/app/accounts/create-account.js';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/infra/db/database.js';
import { startService } from '../src/service.js';

export interface ListAtScaleOptions {
  database: 'sqlite' | 'postgres';
  envelopes: number;
  /** Per case; default 5. */
  seconds?: number;
  /** Concurrent HTTP connections; default 1: the latency of one client's request, not of a queue (with c connections on two cores, about c times that). */
  connections?: number;
}

export interface ListCaseResult {
  name: string;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** The `total` the case answers: what its count had to find (none for the reference route). */
  total?: number;
}

export interface ListAtScaleResult {
  cases: ListCaseResult[];
  seedSeconds: number;
}

const DAY_MS = 86_400_000;
/** The seeded history: two years of envelopes, the newest an hour old; open ones were created within their 30 days. */
const HISTORY_DAYS = 730;
const EXPIRATION_DAYS = 30;
const TEMPLATES = 5;
const PEOPLE = 20_000;
const CHUNK = 50_000;

const DOCUMENT_KINDS = ['NDA', 'Lease', 'Offer letter', 'Invoice', 'Master services agreement', 'Purchase order', 'Consent form', 'Loan'];
const COMPANY_FIRST = ['Northwind', 'Contoso', 'Fabrikam', 'Globex', 'Initech', 'Umbrella', 'Stark', 'Wayne', 'Acme', 'Hooli'];
const COMPANY_SECOND = ['Logistics', 'Holdings', 'Foods', 'Energy', 'Labs', 'Partners', 'Retail', 'Capital', 'Health', 'Media'];
const TAGS = ['legal', 'sales', 'hr', 'finance', 'renewal', 'priority', 'q1', 'q2', 'q3', 'q4', 'emea', 'apac'];

/** Large primes, one a draw, so draws of one row do not move together. */
const MULTIPLIERS = [2654435761, 2246822519, 3266489917, 668265263, 374761393, 1609587929, 1181783497, 3864292241, 2019202603, 1500450271];

/** Row `i`'s pseudo-random draw number `draw` in [0, modulo): the same 64-bit integer arithmetic on both databases. */
const pick = (draw: number, modulo: number) => `(((i + ${draw * 7919}) * ${MULTIPLIERS[draw]}) % 4294967291 % ${modulo})`;
const choice = (draw: number, values: readonly string[]) =>
  `case ${pick(draw, values.length)} ${values.map((v, k) => `when ${k} then '${v}'`).join(' ')} end`;

/** Statuses by age: within its 30 days an envelope is mostly still open; older ones are closed. */
const statusSql = (ageDays: string) => {
  const roll = pick(1, 100);
  return `case when ${ageDays} < ${EXPIRATION_DAYS} then
      case when ${roll} < 55 then 'Sent' when ${roll} < 85 then 'InProgress' when ${roll} < 95 then 'Completed'
        when ${roll} < 98 then 'Declined' else 'Cancelled' end
    else case when ${roll} < 80 then 'Completed' when ${roll} < 88 then 'Expired' when ${roll} < 94 then 'Declined' else 'Cancelled' end end`;
};

const nameSql = `${choice(2, DOCUMENT_KINDS)} || ' - ' || ${choice(3, COMPANY_FIRST)} || ' ' || ${choice(4, COMPANY_SECOND)} || ' ' || ${pick(5, 100)} || ' #' || i`;
const tagsSql = `case ${pick(6, 4)} when 0 then '[]' when 1 then '["' || ${choice(7, TAGS)} || '"]'
  else '["' || ${choice(7, TAGS)} || '","' || ${choice(
    8,
    TAGS.map((t) => t.toUpperCase()),
  )} || '"]' end`;
const templateSql = (accountId: string) => `case when ${pick(9, 10)} < 4 then '${accountId}_tpl' || ${pick(0, TEMPLATES)} end`;

interface Dialect {
  /**
   * Chunks written side by side: two on PostgreSQL (one per core; each backend adds to its own
   * counter slots, so they do not wait for each other), one on SQLite (one writer, one transaction).
   */
  writers: number;
  /** Rows i in [from, to). */
  series(from: number, to: number): string;
  /** ISO 8601 text of epoch milliseconds. */
  iso(ms: string): string;
  /**
   * Unique by i within a seeding (`batch` tells seedings apart), so the recipients' statement can
   * name the envelope again. The seed inserts in creation order with ids that grow with it, so the
   * id index is appended to rather than written at random: seeding is three times faster, and a
   * list reads ids through the same indexes either way.
   */
  envelopeId(batch: string): string;
}

const sqliteDialect: Dialect = {
  writers: 1,
  series: (from, to) => `with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to - 1})`,
  iso: (ms) => `(strftime('%Y-%m-%dT%H:%M:%S', (${ms}) / 1000, 'unixepoch') || '.' || printf('%03d', (${ms}) % 1000) || 'Z')`,
  envelopeId: (batch) => `('env_${batch}' || printf('%08x%08x', i, ${pick(2, 4294967291)}))`,
};

const postgresDialect: Dialect = {
  writers: 2,
  series: (from, to) => `with n(i) as (select generate_series(${from}::bigint, ${to - 1}::bigint))`,
  iso: (ms) =>
    `(to_char(to_timestamp(((${ms}) / 1000)::double precision) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || '.' || lpad(((${ms}) % 1000)::text, 3, '0') || 'Z')`,
  envelopeId: (batch) => `('env_${batch}' || lpad(to_hex(i), 8, '0') || lpad(to_hex(${pick(2, 4294967291)}), 8, '0'))`,
};

/** Signers 1..3 (a second on two envelopes in three, a third on one in five) and an observer on every fourth. */
const RECIPIENTS = [
  { role: 'signer', position: 1, draw: 3, present: '1 = 1' },
  { role: 'signer', position: 2, draw: 4, present: `${pick(5, 3)} <> 0` },
  { role: 'signer', position: 3, draw: 5, present: `${pick(6, 5)} = 0` },
  { role: 'observer', position: 1, draw: 6, present: `${pick(7, 4)} = 0` },
] as const;

/** One select per recipient kind, glued in envelope order: the recipients of a chunk go in with one statement. */
const recipientsSql = (envelopeId: string, status: string) =>
  RECIPIENTS.map((r, k) => {
    const person = pick(r.draw, PEOPLE);
    const recipientStatus =
      r.role === 'observer'
        ? `'Sent'`
        : `case when ${status} = 'Completed' or (${status} = 'InProgress' and ${r.position} = 1) then 'Signed'
            when ${status} = 'Declined' and ${r.position} = 1 then 'Declined' else 'Sent' end`;
    return `select ${envelopeId} as envelope_id, ${k} as kind, '${r.role}' as role, ${r.position} as position, ${person} as person,
      ${r.role === 'observer' ? 0 : r.position} as signing_order, ${recipientStatus} as status from n where ${r.present}`;
  }).join(' union all ');

/**
 * `count` envelopes of one account with their recipients: statuses by age, names from document
 * kinds and companies, tags, a few templates, recipients from a pool of people. Bulk statements of
 * CHUNK rows; the triggers of migration 0007 run for every row as for any insert.
 */
const seed = async (db: Db, dialect: Dialect, accountId: string, userId: string, count: number, nowMs: number): Promise<void> => {
  const envelopeId = dialect.envelopeId(randomBytes(3).toString('hex'));
  const firstMs = nowMs - HISTORY_DAYS * DAY_MS;
  const stepMs = Math.max(1, Math.floor((HISTORY_DAYS * DAY_MS - 3_600_000) / count));
  const createdMs = `(${firstMs} + i * ${stepMs})`;
  const status = statusSql(`((${nowMs} - ${createdMs}) / ${DAY_MS})`);
  for (let t = 0; t < TEMPLATES; t++) {
    await db
      .insertInto('templates')
      .values({
        id: `${accountId}_tpl${t}`,
        account_id: accountId,
        name: `Template ${t}`,
        description: null,
        status: 'Active',
        settings: '{}',
        roles: JSON.stringify({ signers: [{ signer_title: 'Signer', signing_order: 1, fields: [] }], observers: [] }),
        created_at: new Date(firstMs).toISOString(),
        deleted_at: null,
      })
      .execute();
  }
  const seedChunk = async (from: number) => {
    const to = Math.min(count, from + CHUNK);
    await sql
      .raw(
        `${dialect.series(from, to)}
      insert into envelopes (id, account_id, created_by_user_id, template_id, name, tags, metadata, status, sign_process_flow,
        expiration_days, email_reminders, append_verification_qr_code, remove_signed_envelope, enforce_signers_location,
        send_email_to_recipients, created_at, signing_due_date, completed_at, declined_at, cancelled_at, expired_at)
      select id, '${accountId}', '${userId}', template_id, name, tags, '{}', status, 'sequential', ${EXPIRATION_DAYS}, 1, 1, 0, 0, 1,
        ${dialect.iso('created_ms')}, ${dialect.iso(`created_ms + ${EXPIRATION_DAYS * DAY_MS}`)},
        case when status = 'Completed' then ${dialect.iso('created_ms + 3600000')} end,
        case when status = 'Declined' then ${dialect.iso('created_ms + 7200000')} end,
        case when status = 'Cancelled' then ${dialect.iso('created_ms + 10800000')} end,
        case when status = 'Expired' then ${dialect.iso(`created_ms + ${EXPIRATION_DAYS * DAY_MS}`)} end
      from (select ${envelopeId} as id, ${templateSql(accountId)} as template_id, ${nameSql} as name, ${tagsSql} as tags,
              ${status} as status, ${createdMs} as created_ms from n) as seeded`,
      )
      .execute(db);
    await sql
      .raw(
        `${dialect.series(from, to)}
      insert into recipients (id, envelope_id, role, position, name, email, signing_order, status)
      select 'rcp_' || substr(envelope_id, 5) || kind, envelope_id, role, position, 'Person ' || person, 'person' || person || '@example.test',
        signing_order, status
      from (${recipientsSql(envelopeId, status)}) as seeded
      order by envelope_id, kind`,
      )
      .execute(db);
  };
  const chunks = Array.from({ length: Math.ceil(count / CHUNK) }, (_, k) => k * CHUNK);
  await Promise.all(
    Array.from({ length: dialect.writers }, async () => {
      for (let from = chunks.shift(); from !== undefined; from = chunks.shift()) await seedChunk(from);
    }),
  );
};

/** Seeds `count` envelopes for the account (one transaction on SQLite; PostgreSQL is vacuumed and analysed after). */
export const seedEnvelopes = async (
  db: Db,
  database: 'sqlite' | 'postgres',
  account: { accountId: string; userId: string },
  count: number,
  nowMs: number,
) => {
  if (database === 'postgres') {
    await seed(db, postgresDialect, account.accountId, account.userId, count, nowMs);
    // What autovacuum does to a freshly written table: statistics for the planner, the visibility map for index-only scans;
    // then the checkpoint the load's WAL calls for, so that it does not land inside a measurement.
    await sql`vacuum analyze`.execute(db);
    await sql`checkpoint`.execute(db);
    return;
  }
  await sql`pragma cache_size = -1000000`.execute(db);
  await db.transaction().execute((trx) => seed(trx, sqliteDialect, account.accountId, account.userId, count, nowMs));
  await sql`pragma cache_size = -2000`.execute(db);
};

/** The measured requests: each filter alone, a few combinations, each sort, and deep pages. */
export const listCases = (templateId: string, nowMs: number, envelopes: number): [string, unknown][] => {
  const yearAgo = nowMs - 365 * DAY_MS;
  return [
    ['no filter (newest first)', {}],
    ['status Completed', { filters: { status: ['Completed'] } }],
    ['status Sent or InProgress', { filters: { status: ['Sent', 'InProgress'] } }],
    [
      'status Completed, created within one month',
      {
        filters: {
          status: ['Completed'],
          created_from: new Date(yearAgo).toISOString(),
          created_to: new Date(yearAgo + 30 * DAY_MS).toISOString(),
        },
      },
    ],
    ['tag', { filters: { tags: ['legal'] } }],
    ['two tags', { filters: { tags: ['legal', 'q3'] } }],
    ['tag and status', { filters: { tags: ['legal'], status: ['Declined'] } }],
    ['recipient_email', { filters: { recipient_email: 'person4242@example.test' } }],
    ['template_id', { filters: { template_id: templateId } }],
    ['name_contains (a company)', { filters: { name_contains: 'initech media 42' } }],
    ['name_contains (a document kind)', { filters: { name_contains: 'lease' } }],
    ['sort by name', { sort: { field: 'name', order: 'asc' } }],
    ['sort by status', { sort: { field: 'status', order: 'desc' } }],
    ['deep page (page 5,000 of 20)', { page: 5000, page_size: 20 }],
    ['deep page, middle of the list', { page: Math.max(1, Math.floor(envelopes / 200)), page_size: 100 }],
  ];
};

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const withAdmin = async (statement: string) => {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
};

export const benchListAtScale = async (options: ListAtScaleOptions): Promise<ListAtScaleResult> => {
  const seconds = options.seconds ?? 5;
  const connections = options.connections ?? 1;
  const dataDir = mkdtempSync(join(tmpdir(), 'countersign-list-bench-'));
  const pgName = `countersign_list_bench_${randomBytes(4).toString('hex')}`;
  const pgUrl = new URL(ADMIN_URL);
  pgUrl.pathname = `/${pgName}`;
  if (options.database === 'postgres') await withAdmin(`create database ${pgName}`);
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...(options.database === 'postgres' ? { DATABASE_URL: pgUrl.toString() } : {}),
  });
  const service = await startService(config, { logger: pino({ level: 'silent' }) });
  try {
    const { db } = service.ctx;
    const account = await createAccount(service.ctx, { name: 'List bench', email: 'list-bench@example.test', plan: 'enterprise' });
    const nowMs = service.ctx.clock.now().getTime();
    const seedStart = performance.now();
    await seedEnvelopes(db, options.database, account, options.envelopes, nowMs);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const login = (await fetch(`${service.url}/api/v2.0/authorization/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', app_auth_type: 'esign-oauth2' },
      body: JSON.stringify({ credentials: account.credentials }),
    }).then((r) => r.json())) as { data: { access_token: string } };
    const headers = {
      authorization: `Bearer ${login.data.access_token}`,
      app_auth_type: 'esign-oauth2',
      'content-type': 'application/json',
    };
    const url = `${service.url}/api/v2.0/envelopes/list`;

    const cases = listCases(`${account.accountId}_tpl3`, nowMs, options.envelopes);
    const measure = async (name: string, request: autocannon.Options) => {
      const run = (await autocannon({ connections, duration: seconds, ...request })) as autocannon.Result & {
        latency: { p50: number };
        requests: { total: number };
      };
      if (run.errors || run.non2xx) throw new Error(`${name}: ${run.errors} errors, ${run.non2xx} non-2xx answers`);
      return { name, p50Ms: run.latency.p50, p99Ms: run.latency.p99, requests: run.requests.total };
    };
    // A second of the first case warms the process up (JIT, caches) before anything is measured.
    await measure('warm-up', { url, method: 'POST', headers, body: JSON.stringify(cases[0]![1]), duration: 1 });
    // The same measurement of a route that reads one row: what the machine and HTTP alone add to a p99.
    const results: ListCaseResult[] = [
      await measure('reference: GET /api/v2.0/account', { url: `${service.url}/api/v2.0/account`, headers }),
    ];
    for (const [name, body] of cases) {
      const check = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
      const answer = (await check.json()) as { data?: { total: number } };
      if (check.status !== 200 || !answer.data) throw new Error(`${name}: ${check.status} ${JSON.stringify(answer)}`);
      results.push({ ...(await measure(name, { url, method: 'POST', headers, body: JSON.stringify(body) })), total: answer.data.total });
    }
    return { cases: results, seedSeconds };
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (options.database === 'postgres') await withAdmin(`drop database if exists ${pgName} with (force)`);
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      database: { type: 'string', default: 'sqlite' },
      envelopes: { type: 'string', default: '1000000' },
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '1' },
    },
  });
  if (values.database !== 'sqlite' && values.database !== 'postgres') throw new Error('--database is sqlite or postgres');
  const result = await benchListAtScale({
    database: values.database,
    envelopes: Number(values.envelopes),
    seconds: Number(values.seconds),
    connections: Number(values.connections),
  });
  console.log(
    `${values.database}: ${values.envelopes} envelopes seeded in ${result.seedSeconds.toFixed(1)} s; ${values.connections} connections`,
  );
  for (const c of result.cases) console.log(JSON.stringify(c));
}
