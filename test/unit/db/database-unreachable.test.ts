import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import pg from 'pg';
import { AppError } from '../../../src/domain/app-error.js';
import { databaseFailureReason, isDatabaseUnreachable } from '../../../src/infra/db/database-unreachable.js';
import { testDatabases } from '../../support/databases.js';
import { startTcpProxy } from '../../support/tcp-proxy.js';

const POSTGRES = { host: '127.0.0.1', port: 5432 };
const url = (host: string, port: number) => `postgres://postgres:unit-password@${host}:${port}/postgres`;

const failureOf = async (work: () => Promise<unknown>): Promise<Error> => {
  try {
    await work();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
};

/** A port nothing listens on. */
const closedPort = async (): Promise<number> => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
};

const withClient = async <T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
};

describe('which failures mean the database cannot be reached', { skip: !testDatabases.includes('postgres') && 'PostgreSQL only' }, () => {
  it('counts a refused connection (ECONNREFUSED)', async () => {
    const port = await closedPort();
    const error = await failureOf(() => withClient(url('127.0.0.1', port), async () => undefined));
    assert.equal((error as { code?: string }).code, 'ECONNREFUSED');
    assert.equal(isDatabaseUnreachable(error), true);
  });

  it('counts a server that ends the connection before answering ("Connection terminated unexpectedly")', async () => {
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const error = await failureOf(() => withClient(url('127.0.0.1', (server.address() as AddressInfo).port), async () => undefined));
      assert.match(error.message, /^Connection terminated/);
      assert.equal(isDatabaseUnreachable(error), true);
    } finally {
      server.close();
    }
  });

  it('counts a query whose backend an administrator terminated (57P01), and the dead client afterwards', async () => {
    await withClient(url(POSTGRES.host, POSTGRES.port), async (client) => {
      const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const sleeping = failureOf(() => client.query('select pg_sleep(30)'));
      await withClient(url(POSTGRES.host, POSTGRES.port), async (admin) => {
        for (let i = 0; i < 100; i++) {
          const active = await admin.query("select 1 from pg_stat_activity where pid = $1 and state = 'active'", [pid]);
          if (active.rowCount) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query('select pg_terminate_backend($1)', [pid]);
      });
      const terminated = await sleeping;
      assert.equal((terminated as { code?: string }).code, '57P01');
      assert.equal(isDatabaseUnreachable(terminated), true);
      const afterwards = await failureOf(() => client.query('select 1'));
      assert.equal(isDatabaseUnreachable(afterwards), true, afterwards.message);
    });
  });

  it('counts a connection reset under a running query (ECONNRESET) and a connection the pool waited for in vain', async () => {
    const proxy = await startTcpProxy(POSTGRES);
    const pool = new pg.Pool({ connectionString: url(proxy.host, proxy.port), max: 1, connectionTimeoutMillis: 300 });
    pool.on('error', () => undefined);
    try {
      const client = await pool.connect();
      client.on('error', () => undefined);
      const running = failureOf(() => client.query('select pg_sleep(30)'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      await proxy.cut('hold');
      const reset = await running;
      assert.equal(isDatabaseUnreachable(reset), true, reset.message);
      const queued = failureOf(() => pool.connect());
      client.release();
      const timedOut = await queued;
      assert.match(timedOut.message, /timeout/);
      assert.equal(isDatabaseUnreachable(timedOut), true, timedOut.message);
      const waited = await failureOf(() => pool.connect());
      assert.equal(isDatabaseUnreachable(waited), true, waited.message);
    } finally {
      await proxy.restore();
      await pool.end();
      await proxy.close();
    }
  });

  it("does not count a statement's own failures: a syntax error, a unique violation, a cancelled statement", async () => {
    await withClient(url(POSTGRES.host, POSTGRES.port), async (client) => {
      const syntax = await failureOf(() => client.query('selec 1'));
      assert.equal((syntax as { code?: string }).code, '42601');
      assert.equal(isDatabaseUnreachable(syntax), false);
      await client.query('create temporary table once (id int primary key)');
      await client.query('insert into once values (1)');
      const duplicate = await failureOf(() => client.query('insert into once values (1)'));
      assert.equal((duplicate as { code?: string }).code, '23505');
      assert.equal(isDatabaseUnreachable(duplicate), false);
      await client.query("set statement_timeout = '50ms'");
      const cancelled = await failureOf(() => client.query('select pg_sleep(1)'));
      assert.equal((cancelled as { code?: string }).code, '57014');
      assert.equal(isDatabaseUnreachable(cancelled), false);
    });
  });

  it('counts every socket code of an unreachable host and every connection-exception SQLSTATE, and nothing else', () => {
    const withCode = (code: string) => Object.assign(new Error(`failure ${code}`), { code });
    for (const code of [
      'ECONNRESET',
      'ECONNREFUSED',
      'ECONNABORTED',
      'ETIMEDOUT',
      'EPIPE',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'ENETDOWN',
      'ENOTFOUND',
      'EAI_AGAIN',
      '08000',
      '08001',
      '08003',
      '08006',
      '08P01',
      '57P01',
      '57P02',
      '57P03',
      '53300',
    ]) {
      assert.equal(isDatabaseUnreachable(withCode(code)), true, code);
    }
    for (const code of ['EACCES', 'ENOENT', '40001', '40P01', '53100', '57014', '23505']) {
      assert.equal(isDatabaseUnreachable(withCode(code)), false, code);
    }
    assert.equal(isDatabaseUnreachable(new Error('Client was closed and is not queryable')), true);
    assert.equal(isDatabaseUnreachable(new Error('wrapped', { cause: withCode('ECONNRESET') })), true);
    assert.equal(isDatabaseUnreachable(new AppError('ENVELOPE_NOT_FOUND', 'No such envelope.')), false);
    assert.equal(isDatabaseUnreachable('ECONNRESET'), false);
  });

  it('describes a failure by its code and message only, never the client pg-pool hangs on it (the password inside)', () => {
    const error = Object.assign(new Error('Connection terminated unexpectedly'), {
      client: { connectionParameters: { password: 'unit-password' } },
    });
    assert.deepEqual(databaseFailureReason(error), { message: 'Connection terminated unexpectedly' });
    assert.deepEqual(databaseFailureReason(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', client: {} })), {
      code: 'ECONNRESET',
      message: 'read ECONNRESET',
    });
  });
});
