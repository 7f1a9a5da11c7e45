import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import type { AppContext } from '../../../src/app/context.js';
import { issueSigningToken } from '../../../src/app/signing/signing-tokens.js';
import { loadConfig } from '../../../src/config.js';
import { systemClock } from '../../../src/domain/clock.js';
import { openDatabase, type DatabaseHandle } from '../../../src/infra/db/database.js';
import { startChildServer, type ChildServer } from '../../support/child-server.js';
import { createPostgresDatabase, testDatabases } from '../../support/databases.js';
import { pdfBase64 } from '../../support/envelopes.js';
import { makePng } from '../../support/pdf-fixtures.js';

const exec = promisify(execFile);

/** Kills per database, each at a random moment once traffic flows; then one last start that must finish everything. */
const KILLS = 3;
const WORKERS = 3;
const MAX_ENVELOPES = 18;
/** Room for a job leased by a killed process to become due again (the job lease is 60 s), and for sealing. */
const RECOVERY_MS = 100_000;

/** One envelope the test creates (under its own Idempotency-Key, retried until acknowledged) and then signs. */
interface Item {
  key: string;
  worker: number;
  envelopeId?: string;
  recipientId?: string;
  signingToken?: string;
  signed: boolean;
}

class Stopped extends Error {}

const crashRun = async (database: 'sqlite' | 'postgres') => {
  const dataDir = mkdtempSync(join(tmpdir(), 'countersign-crash-'));
  const postgres = database === 'postgres' ? await createPostgresDatabase() : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  };
  let server: ChildServer | undefined;
  let handle: DatabaseHandle | undefined;
  try {
    const { stdout } = await exec(
      'node',
      ['bin/countersign.js', 'account', 'create', '--name', 'Crash', '--email', 'crash@acme.test', '--plan', 'enterprise', '--json'],
      { env: { ...process.env, ...env, LOG_LEVEL: 'warn' } },
    );
    const account = JSON.parse(stdout) as { account_id: string; credentials: string };
    handle = openDatabase(loadConfig({ ...env }).database);
    const db = handle.db;
    // Signing links are what the invitation mails carry; the test issues its own into the same database.
    const tokens = { clock: systemClock } as AppContext;

    const documentBase64 = await pdfBase64(1);
    const signature = { type: 'drawn', image_png_base64: Buffer.from(makePng(120, 40)).toString('base64') };
    const items: Item[] = [];
    let accessToken = '';
    let alive = false;
    let creating = true;

    const call = async (url: string, method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
      if (!alive) throw new Stopped();
      try {
        const response = await fetch(`${url}${path}`, {
          method,
          headers: { 'content-type': 'application/json', app_auth_type: 'esign-oauth2', ...headers },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as any };
      } catch {
        // The server was killed under the request: whatever it did, the retry after the restart finds out.
        throw new Stopped();
      }
    };

    const create = async (url: string, item: Item) => {
      const response = await call(
        url,
        'POST',
        '/api/v2.0/envelopes/create',
        {
          envelope: { name: `Crash ${item.key}`, sign_process_flow: 'Parallel' },
          documents: [{ name: 'crash.pdf', content_base64: documentBase64 }],
          recipients: {
            signers: [
              {
                name: 'Ada Lovelace',
                email: 'ada@example.test',
                fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
              },
            ],
          },
        },
        { authorization: `Bearer ${accessToken}`, 'idempotency-key': item.key },
      );
      if (response.status === 201) {
        item.envelopeId = response.body.data.envelope_id;
        item.recipientId = response.body.data.recipients.signers[0].recipient_id;
        return;
      }
      // Still running in a process that just died (its lease lapses), or on our side: retry.
      assert.ok([409, 429, 500, 503].includes(response.status), `create answered ${response.status} ${JSON.stringify(response.body)}`);
      await sleep(200);
    };

    const sign = async (url: string, item: Item) => {
      item.signingToken ??= await issueSigningToken(tokens, db, { id: item.recipientId!, envelopeId: item.envelopeId! }, 'invitation');
      const response = await call(url, 'POST', `/api/v2.0/signing/${item.signingToken}/sign`, { consent: true, signature });
      if (response.status === 200) {
        item.signed = true;
        return;
      }
      // A signing that committed before the kill answers its retry with an error: the database says whether it happened.
      const recipient = await db.selectFrom('recipients').select('signed_at').where('id', '=', item.recipientId!).executeTakeFirstOrThrow();
      if (recipient.signed_at) {
        item.signed = true;
        return;
      }
      assert.ok([409, 429, 500, 503].includes(response.status), `sign answered ${response.status} ${JSON.stringify(response.body)}`);
      await sleep(200);
    };

    const work = async (url: string, worker: number) => {
      for (;;) {
        let item = items.find((i) => i.worker === worker && !i.signed);
        if (!item) {
          if (!creating || items.length >= MAX_ENVELOPES) return;
          item = { key: `crash-${items.length}`, worker, signed: false };
          items.push(item);
        }
        try {
          await (item.envelopeId ? sign(url, item) : create(url, item));
        } catch (error) {
          if (error instanceof Stopped) return;
          throw error;
        }
      }
    };

    const start = async () => {
      server = await startChildServer(env);
      alive = true;
      const login = await call(server.url, 'POST', '/api/v2.0/authorization/token', { credentials: account.credentials });
      assert.equal(login.status, 200, JSON.stringify(login.body));
      accessToken = login.body.data.access_token;
      return server.url;
    };

    for (let kill = 0; kill < KILLS; kill++) {
      const url = await start();
      const workers = Promise.all(Array.from({ length: WORKERS }, (_, w) => work(url, w)));
      // A fresh process answers its first requests slowly (workers starting): kill once it is under way.
      const acknowledged = () => items.filter((i) => i.envelopeId).length + items.filter((i) => i.signed).length;
      const before = acknowledged();
      for (const until = Date.now() + 30_000; acknowledged() === before && Date.now() < until;) await sleep(50);
      await sleep(500 + Math.random() * 1500);
      alive = false;
      await server!.stop('SIGKILL');
      await workers;
    }

    // The last start: every unacknowledged creation and signing is retried until it is, then the jobs drain.
    creating = false;
    const url = await start();
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => work(url, w)));
    assert.ok(items.length > 0 && items.every((i) => i.signed));

    const envelopeIds = items.map((i) => i.envelopeId!);
    const recoveryStarted = Date.now();
    const deadline = recoveryStarted + RECOVERY_MS;
    const dueJobs = () =>
      db
        .selectFrom('jobs')
        .select(['kind', 'attempts', 'last_error'])
        .where('done_at', 'is', null)
        .where('run_at', '<=', new Date().toISOString())
        .execute();
    const unfinished = () =>
      db.selectFrom('envelopes').select('id').where('id', 'in', envelopeIds).where('status', '!=', 'Completed').execute();
    while ((await dueJobs()).length || (await unfinished()).length) {
      assert.ok(Date.now() < deadline, `still pending: ${JSON.stringify({ jobs: await dueJobs(), envelopes: await unfinished() })}`);
      await sleep(500);
    }

    const recoveredInMs = Date.now() - recoveryStarted;
    // Every acknowledged envelope exists, and no retry made a second one.
    const stored = await db.selectFrom('envelopes').select(['id', 'status']).where('account_id', '=', account.account_id).execute();
    assert.deepEqual(stored.map((e) => e.id).sort(), [...envelopeIds].sort());
    // Each was sealed once: one completion entry in its ledger, one certificate of completion.
    const completions = await db
      .selectFrom('ledger_entries')
      .select(['envelope_id', (eb) => eb.fn.countAll().as('n')])
      .where('envelope_id', 'in', envelopeIds)
      .where('body', 'like', '%"ENVELOPE_COMPLETED"%')
      .groupBy('envelope_id')
      .execute();
    assert.equal(completions.length, envelopeIds.length);
    assert.ok(
      completions.every((c) => Number(c.n) === 1),
      JSON.stringify(completions),
    );
    const certificates = await db
      .selectFrom('documents')
      .select(['envelope_id', (eb) => eb.fn.countAll().as('n')])
      .where('envelope_id', 'in', envelopeIds)
      .where('position', '=', 0)
      .groupBy('envelope_id')
      .execute();
    assert.equal(certificates.length, envelopeIds.length);
    assert.ok(
      certificates.every((c) => Number(c.n) === 1),
      JSON.stringify(certificates),
    );
    return { envelopes: envelopeIds.length, recoveredInMs };
  } finally {
    await server?.stop('SIGKILL');
    await handle?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

// Issue 8, Deliver 9: creations and signings while the server is killed with SIGKILL several times.
describe('a server killed with SIGKILL under creations and signings', { concurrency: true }, () => {
  for (const database of testDatabases) {
    it(`keeps every acknowledged envelope, completes every pending job and seals no envelope twice, on ${database}`, async (t) => {
      const { envelopes, recoveredInMs } = await crashRun(database);
      t.diagnostic(`${envelopes} envelopes through ${KILLS} kills; jobs drained ${recoveredInMs} ms after the last start`);
    });
  }
});
