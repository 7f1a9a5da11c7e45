import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { markCompletedInDb } from '../../support/complete-in-db.js';
import { createEnvelope, envelopeRequest } from '../../support/envelopes.js';
import { activitiesOf, assertError, envelopeRow } from './lifecycle-state.js';

describeOnEachDatabase('POST /envelopes/{envelopeId}/delete', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const deleteEnvelope = (envelopeId: string, asToken = token) =>
    server.call('POST', `/api/v2.0/envelopes/${envelopeId}/delete`, { token: asToken });
  const documentHash = async (envelopeId: string) =>
    (await server.service.ctx.db.selectFrom('documents').select('sha256').where('envelope_id', '=', envelopeId).executeTakeFirstOrThrow())
      .sha256;

  it('answers 409 ENVELOPE_NOT_COMPLETED for an envelope still out for signature', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    assertError(await deleteEnvelope(envelope_id), 409, 'ENVELOPE_NOT_COMPLETED');
    assert.equal((await envelopeRow(server, envelope_id)).deleted_at, null);
  });

  it('answers 409 ENVELOPE_NOT_COMPLETED for a cancelled envelope', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await server.call('POST', `/api/v2.0/envelopes/${envelope_id}/cancel`, { token, body: { cancel_reason: 'Stop' } });
    assertError(await deleteEnvelope(envelope_id), 409, 'ENVELOPE_NOT_COMPLETED');
  });

  it('deletes a Completed envelope: its bytes are removed and the ledger keeps ENVELOPE_DELETED', async () => {
    const { envelope_id } = await createEnvelope(server, token, { envelope: { name: 'Unique bytes', description: 'delete test' } });
    await markCompletedInDb(server, envelope_id);
    const sha = await documentHash(envelope_id);
    assert.ok(await server.service.ctx.blobs.get(sha));

    const response = await deleteEnvelope(envelope_id);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.data.envelope_id, envelope_id);
    assert.ok((await envelopeRow(server, envelope_id)).deleted_at);
    assert.equal((await activitiesOf(server, envelope_id)).at(-1), 'ENVELOPE_DELETED');
    assert.equal(await server.service.ctx.blobs.get(sha), undefined);
  });

  it('answers 404 ENVELOPE_NOT_FOUND on every lifecycle route once deleted', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await markCompletedInDb(server, envelope_id);
    assert.equal((await deleteEnvelope(envelope_id)).status, 200);
    const base = `/api/v2.0/envelopes/${envelope_id}`;
    assertError(await deleteEnvelope(envelope_id), 404, 'ENVELOPE_NOT_FOUND');
    assertError(await server.call('POST', `${base}/cancel`, { token, body: { cancel_reason: 'x' } }), 404, 'ENVELOPE_NOT_FOUND');
    assertError(
      await server.call('POST', `${base}/decline`, { token, body: { reason: 'x', signer_email: 'ada@example.test' } }),
      404,
      'ENVELOPE_NOT_FOUND',
    );
    assertError(
      await server.call('POST', `${base}/remind_signer`, { token, body: { signer_email: 'ada@example.test' } }),
      404,
      'ENVELOPE_NOT_FOUND',
    );
    assertError(
      await server.call('PUT', `${base}/extend_signing_due_date`, { token, body: { extend_by_days: 5 } }),
      404,
      'ENVELOPE_NOT_FOUND',
    );
  });

  it('keeps bytes that another live envelope shares', async () => {
    const request = await envelopeRequest();
    const created = await Promise.all([0, 1].map(() => server.call('POST', '/api/v2.0/envelopes/create', { token, body: request })));
    const [first, second] = created.map((response) => response.body.data.envelope_id as string);
    const sha = await documentHash(first!);
    assert.equal(await documentHash(second!), sha);
    await markCompletedInDb(server, first!);
    assert.equal((await deleteEnvelope(first!)).status, 200);
    assert.ok(await server.service.ctx.blobs.get(sha), 'the second envelope still has its document');
  });

  it("answers 404 ENVELOPE_NOT_FOUND for another account's envelope", async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await markCompletedInDb(server, envelope_id);
    const stranger = await server.newAccount();
    assertError(await deleteEnvelope(envelope_id, stranger.accessToken), 404, 'ENVELOPE_NOT_FOUND');
    assert.equal((await envelopeRow(server, envelope_id)).deleted_at, null);
  });
});
