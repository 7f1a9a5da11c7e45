import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, envelopeRequest } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';

// Found by the route fuzzer on PostgreSQL: a tag holding a lone surrogate reached a jsonb cast (500).
describeOnEachDatabase('Unpaired UTF-16 surrogates in JSON text', (server) => {
  it('answers 400 INVALID_REQUEST for a lone surrogate in tags, name or metadata, and changes nothing', async () => {
    const account = await server.newAccount();
    const created = await createEnvelope(server, account.accessToken);
    const id = (created as { envelope_id: string }).envelope_id;
    for (const body of [{ tags: ['\ud800'] }, { name: 'x\udc00' }, { metadata: { key: 'value \ud83d' } }]) {
      const answer = await server.call('POST', `/api/v2.0/envelopes/${id}/update_envelope_metadata`, { token: account.accessToken, body });
      assertError(answer, 400, 'INVALID_REQUEST');
    }
    const stored = await server.call('GET', `/api/v2.0/envelopes/${id}/retrieve_metadata`, { token: account.accessToken });
    assert.deepEqual((stored.body as { data: { tags: string[] } }).data.tags, []);
  });

  it('answers 400 INVALID_REQUEST for a lone surrogate in a new envelope, and accepts a paired one', async () => {
    const account = await server.newAccount();
    const request = await envelopeRequest();
    const lone = await server.call('POST', '/api/v2.0/envelopes/create', {
      token: account.accessToken,
      body: { ...request, envelope: { ...request.envelope, tags: ['\udfff'] } },
    });
    assertError(lone, 400, 'INVALID_REQUEST');
    const paired = await server.call('POST', '/api/v2.0/envelopes/create', {
      token: account.accessToken,
      body: { ...request, envelope: { ...request.envelope, tags: ['\ud83d\ude00'] } },
    });
    assert.equal(paired.status, 201);
  });
});
