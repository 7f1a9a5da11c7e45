import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { advanceAndLogIn, assertError, jobsFor, setSignerStatus, signerRow } from './lifecycle-state.js';

describeOnEachDatabase('POST /envelopes/{envelopeId}/remind_signer', (server) => {
  let token: string;
  let credentials: string;
  before(async () => {
    ({ accessToken: token, credentials } = await server.newAccount());
  });

  const remind = (envelopeId: string, body: unknown, asToken = token) =>
    server.call('POST', `/api/v2.0/envelopes/${envelopeId}/remind_signer`, { token: asToken, body });

  it('queues a manual reminder to a signer whose turn it is and records when', async () => {
    const { envelope_id, recipients } = await createEnvelope(server, token);
    const response = await remind(envelope_id, { signer_email: 'ada@example.test' });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.message, 'Reminder email sent.');
    assert.equal((await signerRow(server, envelope_id, 'ada@example.test')).last_reminded_at, server.clock.now().toISOString());
    const ada = recipients.signers.find((s) => s.email === 'ada@example.test')!;
    assert.deepEqual(
      (await jobsFor(server, 'send-reminder', ada.recipient_id)).map((job) => job.payload),
      [{ recipientId: ada.recipient_id, automatic: false }],
    );
  });

  it('answers 429 REMINDER_TOO_SOON with Retry-After within the hour, and reminds again after it', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    assert.equal((await remind(envelope_id, { signer_email: 'grace@example.test' })).status, 200);
    const tooSoon = await remind(envelope_id, { signer_email: 'grace@example.test' });
    assertError(tooSoon, 429, 'REMINDER_TOO_SOON');
    assert.equal(tooSoon.headers.get('retry-after'), '3600');
    token = await advanceAndLogIn(server, credentials, 1800);
    assert.equal((await remind(envelope_id, { signer_email: 'grace@example.test' })).headers.get('retry-after'), '1800');
    token = await advanceAndLogIn(server, credentials, 1800);
    assert.equal((await remind(envelope_id, { signer_email: 'grace@example.test' })).status, 200);
  });

  it('limits each signer separately', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    assert.equal((await remind(envelope_id, { signer_email: 'ada@example.test' })).status, 200);
    assert.equal((await remind(envelope_id, { signer_email: 'grace@example.test' })).status, 200);
  });

  it('answers 409 SIGNER_NOT_REMINDABLE for a signer whose turn has not come', async () => {
    const { envelope_id } = await createEnvelope(server, token, { flow: 'Sequential' });
    assertError(await remind(envelope_id, { signer_email: 'grace@example.test' }), 409, 'SIGNER_NOT_REMINDABLE');
    assert.equal((await signerRow(server, envelope_id, 'grace@example.test')).last_reminded_at, null);
  });

  it('answers 409 SIGNER_NOT_REMINDABLE for a signer who has signed', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await setSignerStatus(server, envelope_id, 'ada@example.test', 'Signed');
    assertError(await remind(envelope_id, { signer_email: 'ada@example.test' }), 409, 'SIGNER_NOT_REMINDABLE');
  });

  it('answers 409 ENVELOPE_NOT_ACTIVE for a cancelled envelope', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await server.call('POST', `/api/v2.0/envelopes/${envelope_id}/cancel`, { token, body: { cancel_reason: 'Stop' } });
    assertError(await remind(envelope_id, { signer_email: 'ada@example.test' }), 409, 'ENVELOPE_NOT_ACTIVE');
  });

  it('answers 404 SIGNER_NOT_FOUND for an e-mail that is not a signer, and 400 SIGNER_EMAIL_REQUIRED without one', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    assertError(await remind(envelope_id, { signer_email: 'alan@example.test' }), 404, 'SIGNER_NOT_FOUND');
    assertError(await remind(envelope_id, {}), 400, 'SIGNER_EMAIL_REQUIRED');
    assertError(await remind(envelope_id, { signer_email: 'not-an-email' }), 400, 'INVALID_FIELD');
  });

  it("answers 404 ENVELOPE_NOT_FOUND for another account's envelope", async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const stranger = await server.newAccount();
    assertError(await remind(envelope_id, { signer_email: 'ada@example.test' }, stranger.accessToken), 404, 'ENVELOPE_NOT_FOUND');
    assert.equal((await signerRow(server, envelope_id, 'ada@example.test')).last_reminded_at, null);
  });
});
