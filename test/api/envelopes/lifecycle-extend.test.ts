import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { addDays } from '../../../src/domain/clock.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { activitiesOf, advanceAndLogIn, assertError, DAY_SECONDS, envelopeRow, jobsFor, setSignerStatus } from './lifecycle-state.js';

describeOnEachDatabase('PUT /envelopes/{envelopeId}/extend_signing_due_date', (server) => {
  let token: string;
  let credentials: string;
  before(async () => {
    ({ accessToken: token, credentials } = await server.newAccount());
  });

  const extend = (envelopeId: string, body: unknown, asToken = token) =>
    server.call('PUT', `/api/v2.0/envelopes/${envelopeId}/extend_signing_due_date`, { token: asToken, body });

  /** An envelope whose 2-day due date has passed; the expiry job has not necessarily run. */
  const expiredEnvelope = async (options: Parameters<typeof createEnvelope>[2] = {}) => {
    const created = await createEnvelope(server, token, { ...options, envelope: { expiration_days: 2, ...options.envelope } });
    token = await advanceAndLogIn(server, credentials, 2 * DAY_SECONDS);
    return created;
  };

  it('answers 409 ENVELOPE_NOT_EXPIRED for an envelope still out for signature', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    assertError(await extend(envelope_id, { extend_by_days: 5 }), 409, 'ENVELOPE_NOT_EXPIRED');
  });

  it('reopens an envelope that expired at its due instant as Sent, with the due date now + extend_by_days', async () => {
    const { envelope_id } = await expiredEnvelope();
    const response = await extend(envelope_id, { extend_by_days: 10 });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const due = addDays(server.clock.now(), 10).toISOString();
    assert.deepEqual(response.body.data, { envelope_id, status: 'Sent', signing_due_date: due });
    const row = await envelopeRow(server, envelope_id);
    assert.equal(row.status, 'Sent');
    assert.equal(row.signing_due_date, due);
    assert.equal(row.expired_at, null);
    assert.ok((await activitiesOf(server, envelope_id)).includes('DUE_DATE_EXTENDED'));
    assert.ok((await jobsFor(server, 'expire-envelope', envelope_id)).some((job) => job.runAt === due));
  });

  it('reopens as InProgress when a signer had already signed, and accepts an explicit signing_due_date', async () => {
    const { envelope_id } = await expiredEnvelope();
    await setSignerStatus(server, envelope_id, 'ada@example.test', 'Signed');
    const due = addDays(server.clock.now(), 3).toISOString();
    const response = await extend(envelope_id, { signing_due_date: due });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.data.status, 'InProgress');
    assert.equal((await envelopeRow(server, envelope_id)).signing_due_date, due);
  });

  it('clears expired_at of an envelope the expiry job already marked Expired', async () => {
    const { envelope_id } = await expiredEnvelope();
    await server.service.ctx.db
      .updateTable('envelopes')
      .set({ status: 'Expired', expired_at: server.clock.now().toISOString() })
      .where('id', '=', envelope_id)
      .execute();
    assert.equal((await extend(envelope_id, { extend_by_days: 1 })).status, 200);
    const row = await envelopeRow(server, envelope_id);
    assert.equal(row.status, 'Sent');
    assert.equal(row.expired_at, null);
  });

  it('lets the signers act again: a reminder can be sent after the extension', async () => {
    const { envelope_id } = await expiredEnvelope();
    assertError(
      await server.call('POST', `/api/v2.0/envelopes/${envelope_id}/remind_signer`, { token, body: { signer_email: 'ada@example.test' } }),
      409,
      'ENVELOPE_NOT_ACTIVE',
    );
    assert.equal((await extend(envelope_id, { extend_by_days: 5 })).status, 200);
    assert.equal(
      (await server.call('POST', `/api/v2.0/envelopes/${envelope_id}/remind_signer`, { token, body: { signer_email: 'ada@example.test' } }))
        .status,
      200,
    );
  });

  it('queues a new automatic reminder before the new due date when email_reminders is on', async () => {
    const { envelope_id } = await expiredEnvelope({ envelope: { email_reminders: true, reminder_period: 1 } });
    assert.equal((await extend(envelope_id, { extend_by_days: 7 })).status, 200);
    const remindAt = addDays(server.clock.now(), 6).toISOString();
    assert.ok((await jobsFor(server, 'auto-remind', envelope_id)).some((job) => job.runAt === remindAt));
  });

  it('answers 400 INVALID_DUE_DATE for a due date in the past or not ISO 8601', async () => {
    const { envelope_id } = await expiredEnvelope();
    const { signing_due_date: dueBefore } = await envelopeRow(server, envelope_id);
    assertError(await extend(envelope_id, { signing_due_date: addDays(server.clock.now(), -1).toISOString() }), 400, 'INVALID_DUE_DATE');
    assertError(await extend(envelope_id, { signing_due_date: 'next tuesday' }), 400, 'INVALID_DUE_DATE');
    assert.equal((await envelopeRow(server, envelope_id)).signing_due_date, dueBefore);
    assert.ok(!(await activitiesOf(server, envelope_id)).includes('DUE_DATE_EXTENDED'));
  });

  it('answers 400 unless exactly one of signing_due_date and extend_by_days is given, and for days outside 1–365', async () => {
    const { envelope_id } = await expiredEnvelope();
    assertError(await extend(envelope_id, {}), 400, 'DUE_DATE_REQUIRED');
    assertError(
      await extend(envelope_id, { extend_by_days: 2, signing_due_date: addDays(server.clock.now(), 2).toISOString() }),
      400,
      'CONFLICTING_DUE_DATE',
    );
    assertError(await extend(envelope_id, { extend_by_days: 0 }), 400, 'INVALID_EXTEND_BY_DAYS');
    assertError(await extend(envelope_id, { extend_by_days: 366 }), 400, 'INVALID_EXTEND_BY_DAYS');
  });

  it("answers 404 ENVELOPE_NOT_FOUND for another account's envelope", async () => {
    const { envelope_id } = await expiredEnvelope();
    const stranger = await server.newAccount();
    assertError(await extend(envelope_id, { extend_by_days: 5 }, stranger.accessToken), 404, 'ENVELOPE_NOT_FOUND');
  });
});
