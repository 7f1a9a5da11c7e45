import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { markCompleted } from '../../support/mark-completed.js';
import { assertError } from '../../support/test-server.js';

describeOnEachDatabase('envelope metadata (docs/concepts/envelopes.md)', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });
  after(() => server.service.worker.drain());

  const update = (envelopeId: string, body: unknown, as = token) =>
    server.call('POST', `/api/v2.0/envelopes/${envelopeId}/update_envelope_metadata`, { token: as, body });
  const retrieve = (envelopeId: string, as = token) =>
    server.call('GET', `/api/v2.0/envelopes/${envelopeId}/retrieve_metadata`, { token: as });
  const ledgerTypes = async (envelopeId: string) =>
    (await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/audit_logs`, { token })).body.data.entries.map(
      (e: { activity_type: string }) => e.activity_type,
    );

  it('retrieves the name, description, tags and an empty metadata map of a new envelope', async () => {
    const { envelope_id } = await createEnvelope(server, token, { envelope: { tags: ['hr'] } });
    const response = await retrieve(envelope_id);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.data, { envelope_id, name: 'Sales agreement', description: null, tags: ['hr'], metadata: {} });
  });

  it('updates any subset, leaves the other fields alone, and records METADATA_UPDATED in the ledger', async () => {
    const { envelope_id } = await createEnvelope(server, token, { envelope: { description: 'Before', tags: ['hr'] } });
    await server.service.worker.drain(); // the invitations are sent, so the update is the last entry
    const response = await update(envelope_id, { name: 'Offer letter', metadata: { crm_id: '42', region: 'EMEA' } });
    assert.equal(response.status, 200);
    const expected = { envelope_id, name: 'Offer letter', description: 'Before', tags: ['hr'], metadata: { crm_id: '42', region: 'EMEA' } };
    assert.deepEqual(response.body.data, expected);
    assert.deepEqual((await retrieve(envelope_id)).body.data, expected);
    assert.equal((await ledgerTypes(envelope_id)).at(-1), 'METADATA_UPDATED');
  });

  it('replaces the metadata map as a whole', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await update(envelope_id, { metadata: { a: '1', b: '2' } });
    await update(envelope_id, { metadata: { c: '3' }, tags: [], description: 'After' });
    const { data } = (await retrieve(envelope_id)).body;
    assert.deepEqual([data.metadata, data.tags, data.description], [{ c: '3' }, [], 'After']);
  });

  it('updates the metadata of a Completed envelope too', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await markCompleted(server, envelope_id);
    const response = await update(envelope_id, { tags: ['archived'] });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.deepEqual(response.body.data.tags, ['archived']);
    assert.deepEqual((await retrieve(envelope_id)).body.data.tags, ['archived']);
  });

  it('rejects an empty body with 400 NOTHING_TO_UPDATE and writes nothing', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await server.service.worker.drain(); // no invitation is still being recorded
    const before = await ledgerTypes(envelope_id);
    assertError(await update(envelope_id, {}), 400, 'NOTHING_TO_UPDATE');
    assert.deepEqual(await ledgerTypes(envelope_id), before);
  });

  it('reports every invalid field at once: an empty name, a non-string metadata value, an unknown field', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const response = await update(envelope_id, { name: '', metadata: { n: 1 }, colour: 'red' });
    assert.equal(response.status, 400);
    const codes = response.body.errors.map((e: { error_code: string; field: string }) => `${e.error_code} ${e.field}`).sort();
    assert.deepEqual(codes, ['ENVELOPE_NAME_REQUIRED name', 'INVALID_FIELD metadata.n', 'UNKNOWN_FIELD colour']);
    assert.equal((await retrieve(envelope_id)).body.data.name, 'Sales agreement');
  });

  it('rejects more than 50 metadata keys with 400 INVALID_FIELD on metadata', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const metadata = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v']));
    assert.equal(assertError(await update(envelope_id, { metadata }), 400, 'INVALID_FIELD').field, 'metadata');
    assert.deepEqual((await retrieve(envelope_id)).body.data.metadata, {});
  });

  it("answers 404 ENVELOPE_NOT_FOUND for an unknown id and for another account's envelope, on both operations", async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const stranger = (await server.newAccount()).accessToken;
    for (const id of ['env_unknown', envelope_id]) {
      for (const response of [await update(id, { name: 'Mine now' }, stranger), await retrieve(id, stranger)]) {
        assertError(response, 404, 'ENVELOPE_NOT_FOUND');
      }
    }
    assert.equal((await retrieve(envelope_id)).body.data.name, 'Sales agreement');
  });

  it('answers 404 ENVELOPE_NOT_FOUND for a deleted envelope', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await server.service.ctx.db
      .updateTable('envelopes')
      .set({ deleted_at: server.clock.now().toISOString() })
      .where('id', '=', envelope_id)
      .execute();
    assertError(await update(envelope_id, { name: 'Back' }), 404, 'ENVELOPE_NOT_FOUND');
    assertError(await retrieve(envelope_id), 404, 'ENVELOPE_NOT_FOUND');
  });
});
