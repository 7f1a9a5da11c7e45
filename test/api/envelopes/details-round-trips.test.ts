import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { testDatabases } from '../../support/databases.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { startTestServer, type ApiResponse, type TestServer } from '../../support/test-server.js';

/** Runs `work` and returns how many statements the service sent to PostgreSQL meanwhile (each is one round trip). */
const statementsDuring = async (work: () => Promise<unknown>): Promise<string[]> => {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    sent.push(typeof config === 'string' ? config : String((config as { text?: string }).text));
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
};

describe('GET /envelopes/{id}/details on PostgreSQL', { skip: !testDatabases.includes('postgres') && 'PostgreSQL only' }, () => {
  let server: TestServer;
  let token: string;
  let envelopeId: string;

  before(async () => {
    server = await startTestServer('postgres');
    token = (await server.newAccount()).accessToken;
    const created = await server.call('POST', '/api/v2.0/envelopes/create', {
      token,
      body: await envelopeRequest({
        signers: [
          {
            name: 'Ada Lovelace',
            email: 'ada@example.test',
            fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
          },
        ],
      }),
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    envelopeId = created.body.data.envelope_id;
  });
  after(() => server?.close());

  it('answers in one database round trip once the access token is known (docs/operations/scaling.md "Sizing")', async () => {
    // The first request reads the token; later ones find it in the process's token cache. The invitation is mailed first.
    await server.service.worker.drain();
    assert.equal((await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token })).status, 200);
    let answer: ApiResponse | undefined;
    const statements = await statementsDuring(async () => {
      answer = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token });
    });
    assert.equal(answer?.status, 200, JSON.stringify(answer?.body));
    assert.equal(answer?.body.data.recipients.signers[0].email, 'ada@example.test');
    assert.equal(statements.length, 1, statements.join('\n---\n'));
  });
});
