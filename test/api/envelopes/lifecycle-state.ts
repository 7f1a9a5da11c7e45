import assert from 'node:assert/strict';
import { readLedger } from '../../../src/app/ledger/append-ledger-entry.js';
import type { TestServer } from '../../support/test-server.js';

/** What the lifecycle suites look at behind the API: rows, queued jobs and the ledger. */

export const envelopeRow = (server: TestServer, envelopeId: string) =>
  server.service.ctx.db.selectFrom('envelopes').selectAll().where('id', '=', envelopeId).executeTakeFirstOrThrow();

export const signerRow = (server: TestServer, envelopeId: string, email: string) =>
  server.service.ctx.db
    .selectFrom('recipients')
    .selectAll()
    .where('envelope_id', '=', envelopeId)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

export const setSignerStatus = (server: TestServer, envelopeId: string, email: string, status: string) =>
  server.service.ctx.db
    .updateTable('recipients')
    .set({ status })
    .where('envelope_id', '=', envelopeId)
    .where('email', '=', email)
    .execute();

/** Queued jobs of one kind whose payload mentions `id`, oldest first. */
export const jobsFor = async (server: TestServer, kind: string, id: string) => {
  const rows = await server.service.ctx.db.selectFrom('jobs').selectAll().where('kind', '=', kind).orderBy('created_at').execute();
  return rows
    .filter((row) => row.payload.includes(id))
    .map((row) => ({ runAt: row.run_at, payload: JSON.parse(row.payload) as Record<string, unknown> }));
};

export const ledgerOf = (server: TestServer, envelopeId: string) => readLedger(server.service.ctx.db, envelopeId);

export const activitiesOf = async (server: TestServer, envelopeId: string) =>
  (await ledgerOf(server, envelopeId)).map((entry) => entry.activity_type);

export { assertError } from '../../support/test-server.js';

export const DAY_SECONDS = 86_400;

/** Moves the server's clock on and logs the account in again: access tokens live one hour. */
export const advanceAndLogIn = async (server: TestServer, credentials: string, seconds: number): Promise<string> => {
  server.clock.advanceSeconds(seconds);
  const login = await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials } });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return login.body.data.access_token as string;
};
