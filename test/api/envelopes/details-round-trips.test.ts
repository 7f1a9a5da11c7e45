import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { testDatabases } from '../../support/databases.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { startTestServer, type ApiResponse, type TestServer } from '../../support/test-server.js';

interface SentStatement {
  text: string;
  /** The name of a named (prepared) statement; undefined for an unnamed one. */
  name: string | undefined;
}

/** Runs `work` and returns the statements the service sent to PostgreSQL meanwhile (each is one round trip). */
const statementsDuring = async (work: () => Promise<unknown>): Promise<SentStatement[]> => {
  const sent: SentStatement[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    sent.push(
      typeof config === 'string'
        ? { text: config, name: undefined }
        : { text: String((config as { text?: string }).text), name: (config as { name?: string }).name },
    );
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
    assert.equal(statements.length, 1, statements.map((statement) => statement.text).join('\n---\n'));
  });

  it('sends that read as one named statement, which PostgreSQL plans once per connection and which answers the same every time', async () => {
    await server.service.worker.drain();
    const first = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    // PostgreSQL switches a named statement to its generic plan after five runs: the later answers come from it.
    const answers: ApiResponse[] = [];
    const statements = await statementsDuring(async () => {
      for (let run = 0; run < 8; run += 1) answers.push(await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token }));
    });
    assert.equal(statements.length, 8);
    const names = new Set(statements.map((statement) => statement.name));
    assert.equal(names.size, 1, [...names].join(', '));
    assert.match(String([...names][0]), /^countersign_\d+$/);
    for (const answer of answers) assert.deepEqual(answer.body, first.body);
  });
});
