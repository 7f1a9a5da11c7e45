import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Config } from '../../../src/config.js';
import { openDatabase, type DatabaseHandle } from '../../../src/infra/db/database.js';
import { newId } from '../../../src/infra/ids.js';
import { startChildServer, type ChildServer, callChild } from '../../support/child-server.js';
import { createPostgresDatabase, testDatabases } from '../../support/databases.js';
import { templateRequest } from '../templates/template-requests.js';
import { ndaRows } from './bulk-send-requests.js';

const exec = promisify(execFile);
const ROWS = 60;
/** A killed process's job is taken over once its lease (60 s) has run out. */
const WAIT_MS = 150_000;
const CHILD_ENV = { LOG_LEVEL: 'warn', PDF_WORKERS: '1', BULK_SEND_BATCH_ROWS: '4', PLAN_QUOTAS: 'starter=unlimited' };

/** An account made by the CLI (from the sources, as the servers run) on their database, logged in through `server`; and a template of it. */
const accountWithTemplate = async (server: ChildServer, env: Record<string, string>) => {
  const { stdout } = await exec(
    'node',
    [
      '--import',
      'tsx',
      'src/cli/main.ts',
      'account',
      'create',
      '--name',
      'Bulk',
      '--email',
      `owner-${Date.now()}@bulk.test`,
      '--plan',
      'starter',
      '--json',
    ],
    { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } },
  );
  const login = await callChild(server, 'POST', '/authorization/token', undefined, { credentials: JSON.parse(stdout).credentials });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const token = login.body.data.access_token as string;
  const template = await callChild(server, 'POST', '/templates/create', token, await templateRequest());
  assert.equal(template.status, 201, JSON.stringify(template.body));
  return { token, templateId: template.body.data.template_id as string };
};

const eventually = async (what: string, holds: () => Promise<boolean>) => {
  const deadline = Date.now() + WAIT_MS;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`not within ${WAIT_MS} ms: ${what}`);
    await sleep(200);
  }
};

/** Every row ended with exactly one envelope, the one it names, and no envelope of the send belongs to no row. */
const assertEachRowOnce = async (database: DatabaseHandle, bulkSendId: string) => {
  const rows = await database.db
    .selectFrom('bulk_send_rows')
    .select(['position', 'state', 'envelope_id'])
    .where('bulk_send_id', '=', bulkSendId)
    .orderBy('position')
    .execute();
  assert.equal(rows.length, ROWS);
  assert.deepEqual(
    rows.filter((row) => row.state !== 'created'),
    [],
  );
  const envelopes = await database.db.selectFrom('envelopes').select(['id', 'name']).where('bulk_send_id', '=', bulkSendId).execute();
  assert.equal(envelopes.length, ROWS, 'one envelope per row, none twice');
  assert.deepEqual([...new Set(envelopes.map((envelope) => envelope.name))].length, ROWS, 'each row’s envelope once');
  assert.deepEqual(envelopes.map((envelope) => envelope.id).sort(), rows.map((row) => row.envelope_id).sort());
  for (const row of rows) {
    const envelope = envelopes.find((candidate) => candidate.id === row.envelope_id);
    assert.equal(envelope?.name, `NDA ${row.position}`);
  }
};

const createdSoFar = async (database: DatabaseHandle, bulkSendId: string) =>
  Number(
    (
      await database.db
        .selectFrom('bulk_send_rows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('bulk_send_id', '=', bulkSendId)
        .where('state', '=', 'created')
        .executeTakeFirstOrThrow()
    ).n,
  );

const statusOf = async (database: DatabaseHandle, bulkSendId: string) =>
  (await database.db.selectFrom('bulk_sends').select('status').where('id', '=', bulkSendId).executeTakeFirstOrThrow()).status;

describe('A bulk send survives a killed process and never creates a row twice (docs/api/bulk-sending.md)', () => {
  describe(
    'on PostgreSQL: two server processes share the send; one is killed mid-send and restarted',
    { skip: !testDatabases.includes('postgres') },
    () => {
      let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
      let database: DatabaseHandle;
      let workDir: string;
      const servers: ChildServer[] = [];
      let env: Record<string, string>;

      before(async () => {
        postgres = await createPostgresDatabase();
        workDir = await mkdtemp(join(tmpdir(), 'countersign-bulk-'));
        env = { ...CHILD_ENV, DATABASE_URL: postgres.url };
        // One after the other: two starts at once on a busy machine can take longer than a start may.
        for (const name of ['a', 'b']) servers.push(await startChildServer({ ...env, DATA_DIR: join(workDir, name) }));
        database = openDatabase({ kind: 'postgres', url: postgres.url });
      });
      after(async () => {
        await Promise.all(servers.map((server) => server.stop('SIGTERM')));
        await database?.close();
        await postgres?.drop();
        if (workDir) await rm(workDir, { recursive: true, force: true });
      });

      it('runs the same batch in both processes at once, loses one process, and still creates each row once', async () => {
        const [a, b] = servers as [ChildServer, ChildServer];
        const { token, templateId } = await accountWithTemplate(a, { ...env, DATA_DIR: join(workDir, 'cli') });
        const posted = await callChild(a, 'POST', '/bulk_sends', token, { template_id: templateId, rows: ndaRows(ROWS) });
        assert.equal(posted.status, 202, JSON.stringify(posted.body));
        const id = posted.body.data.bulk_send_id as string;
        // A second copy of the first batch's job, as a crash between a job's work and its end would leave: the other process takes it.
        const [job] = await database.db.selectFrom('jobs').selectAll().where('kind', '=', 'run-bulk-send').execute();
        await database.db
          .insertInto('jobs')
          .values({ ...job!, id: newId('job'), locked_until: null, done_at: null })
          .execute();

        await eventually('a dozen rows created', async () => (await createdSoFar(database, id)) >= 12);
        await a.stop('SIGKILL');
        const restarted = await startChildServer({ ...env, DATA_DIR: join(workDir, 'a') });
        servers[0] = restarted;
        await eventually('the send completed', async () => (await statusOf(database, id)) === 'completed');
        await assertEachRowOnce(database, id);
        const answered = await callChild(b, 'GET', `/bulk_sends/${id}`, token);
        assert.deepEqual([answered.body.data.created, answered.body.data.failed], [ROWS, 0]);
        const events = await sql<{ n: string }>`select count(*) as n from jobs where kind = 'run-bulk-send' and done_at is null`.execute(
          database.db,
        );
        assert.equal(Number(events.rows[0]!.n), 0, 'no batch job left behind');
      });
    },
  );

  describe(
    'on SQLite: the process is killed mid-send and started again on its data directory',
    { skip: !testDatabases.includes('sqlite') },
    () => {
      let workDir: string;
      let server: ChildServer | undefined;
      let database: DatabaseHandle | undefined;

      before(async () => {
        workDir = await mkdtemp(join(tmpdir(), 'countersign-bulk-'));
      });
      after(async () => {
        await server?.stop('SIGTERM');
        await database?.close();
        if (workDir) await rm(workDir, { recursive: true, force: true });
      });

      it('goes on where it stopped after the restart and creates each row once', async () => {
        const env = { ...CHILD_ENV, DATA_DIR: join(workDir, 'data') };
        server = await startChildServer(env);
        const { token, templateId } = await accountWithTemplate(server, env);
        const posted = await callChild(server, 'POST', '/bulk_sends', token, { template_id: templateId, rows: ndaRows(ROWS) });
        assert.equal(posted.status, 202, JSON.stringify(posted.body));
        const id = posted.body.data.bulk_send_id as string;
        const file: Config['database'] = { kind: 'sqlite', file: join(workDir, 'data', 'countersign.db') };
        database = openDatabase(file);
        await eventually('a dozen rows created', async () => (await createdSoFar(database!, id)) >= 12);
        await server.stop('SIGKILL');
        const before = await createdSoFar(database, id);
        assert.ok(before < ROWS, 'killed mid-send');
        server = await startChildServer(env);
        await eventually('the send completed', async () => (await statusOf(database!, id)) === 'completed');
        await assertEachRowOnce(database, id);
      });
    },
  );
});
