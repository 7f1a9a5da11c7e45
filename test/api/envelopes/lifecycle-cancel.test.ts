import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { markCompletedInDb } from '../../support/complete-in-db.js';
import { createEnvelope } from '../../support/envelopes.js';
import { activitiesOf, advanceAndLogIn, DAY_SECONDS, assertError, envelopeRow, jobsFor, ledgerOf, signerRow } from './lifecycle-state.js';

describeOnEachDatabase('POST /envelopes/{envelopeId}/cancel', (server) => {
  let token: string;
  let credentials: string;
  before(async () => {
    ({ accessToken: token, credentials } = await server.newAccount());
  });

  const cancel = (envelopeId: string, body: unknown, asToken = token) =>
    server.call('POST', `/api/v2.0/envelopes/${envelopeId}/cancel`, { token: asToken, body });

  it('cancels a Sent envelope, records ENVELOPE_CANCELLED with the given origin and queues the cancellation mail', async () => {
    const { envelope_id } = await createEnvelope(server, token, { flow: 'Sequential' });
    const response = await cancel(envelope_id, {
      cancel_reason: 'Terms changed',
      ip_address: '203.0.113.9',
      user_agent: 'Acme CRM/2.1',
      latitude: 48.85,
      longitude: 2.35,
      mac_address: '00:1A:2B:3C:4D:5E',
    });

    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.message, 'Envelope cancelled successfully.');
    assert.equal(response.body.data.status, 'Cancelled');
    const row = await envelopeRow(server, envelope_id);
    assert.equal(row.status, 'Cancelled');
    assert.equal(row.cancel_reason, 'Terms changed');
    assert.equal(row.cancelled_at, server.clock.now().toISOString());
    const entry = (await ledgerOf(server, envelope_id)).find((e) => e.activity_type === 'ENVELOPE_CANCELLED')!;
    assert.equal(entry.activity_type, 'ENVELOPE_CANCELLED');
    assert.equal(entry.ip_address, '203.0.113.9');
    assert.equal(entry.user_agent, 'Acme CRM/2.1');
    assert.match(entry.description, /Terms changed/);
    assert.deepEqual(
      (await jobsFor(server, 'send-cancellation', envelope_id)).map((job) => job.payload),
      [{ envelopeId: envelope_id }],
    );
  });

  it("leaves the pending signers' statuses as they were", async () => {
    const { envelope_id } = await createEnvelope(server, token, { flow: 'Sequential' });
    await cancel(envelope_id, { cancel_reason: 'No longer needed' });
    assert.equal((await signerRow(server, envelope_id, 'ada@example.test')).status, 'Sent');
    assert.equal((await signerRow(server, envelope_id, 'grace@example.test')).status, 'Waiting');
  });

  it("records the request's own IP address and user agent when the body gives none", async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await server.call('POST', `/api/v2.0/envelopes/${envelope_id}/cancel`, {
      token,
      body: { cancel_reason: 'Duplicate' },
      headers: { 'user-agent': 'lifecycle-test' },
    });
    const entry = (await ledgerOf(server, envelope_id)).find((e) => e.activity_type === 'ENVELOPE_CANCELLED')!;
    assert.equal(entry.user_agent, 'lifecycle-test');
    assert.match(entry.ip_address ?? '', /127\.0\.0\.1/);
  });

  it('rejects a missing, empty or blank cancel_reason with 400 CANCEL_REASON_REQUIRED and changes nothing', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    for (const body of [{}, { cancel_reason: '' }, { cancel_reason: '   ' }]) {
      assertError(await cancel(envelope_id, body), 400, 'CANCEL_REASON_REQUIRED');
    }
    assert.equal((await envelopeRow(server, envelope_id)).status, 'Sent');
    assert.ok(!(await activitiesOf(server, envelope_id)).includes('ENVELOPE_CANCELLED'));
    assert.deepEqual(await jobsFor(server, 'send-cancellation', envelope_id), []);
  });

  it('rejects unknown fields with 400 UNKNOWN_FIELD', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    assertError(await cancel(envelope_id, { cancel_reason: 'x', reason: 'y' }), 400, 'UNKNOWN_FIELD');
  });

  it('answers 409 ENVELOPE_NOT_CANCELLABLE for a completed envelope', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await markCompletedInDb(server, envelope_id);
    assertError(await cancel(envelope_id, { cancel_reason: 'Too late' }), 409, 'ENVELOPE_NOT_CANCELLABLE');
    assert.equal((await envelopeRow(server, envelope_id)).status, 'Completed');
  });

  it('answers 409 ENVELOPE_NOT_CANCELLABLE for an envelope already cancelled', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    assert.equal((await cancel(envelope_id, { cancel_reason: 'Once' })).status, 200);
    assertError(await cancel(envelope_id, { cancel_reason: 'Twice' }), 409, 'ENVELOPE_NOT_CANCELLABLE');
  });

  it('answers 409 ENVELOPE_NOT_CANCELLABLE for a declined envelope', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const declined = await server.call('POST', `/api/v2.0/envelopes/${envelope_id}/decline`, {
      token,
      body: { reason: 'No', signer_email: 'ada@example.test' },
    });
    assert.equal(declined.status, 200);
    assertError(await cancel(envelope_id, { cancel_reason: 'Too late' }), 409, 'ENVELOPE_NOT_CANCELLABLE');
  });

  it('cancels an envelope whose due date has passed (Expired) even before the expiry job ran', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    token = await advanceAndLogIn(server, credentials, 31 * DAY_SECONDS);
    const response = await cancel(envelope_id, { cancel_reason: 'Expired anyway' });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal((await envelopeRow(server, envelope_id)).status, 'Cancelled');
  });

  it("answers 404 ENVELOPE_NOT_FOUND for another account's envelope and for an unknown id", async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const stranger = await server.newAccount();
    assertError(await cancel(envelope_id, { cancel_reason: 'Not mine' }, stranger.accessToken), 404, 'ENVELOPE_NOT_FOUND');
    assertError(await cancel('env_unknown', { cancel_reason: 'Nothing' }), 404, 'ENVELOPE_NOT_FOUND');
    assert.equal((await envelopeRow(server, envelope_id)).status, 'Sent');
  });
});
