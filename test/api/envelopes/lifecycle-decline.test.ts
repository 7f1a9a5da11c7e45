import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { recordDecline } from '../../../src/app/envelopes/record-decline.js';
import { computeEntryHash } from '../../../src/infra/ledger/entry-hash.js';
import { loadLedgerKey } from '../../../src/infra/ledger/ledger-key.js';
import { walletAddress } from '../../../src/infra/ledger/wallet-address.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import {
  activitiesOf,
  advanceAndLogIn,
  DAY_SECONDS,
  assertError,
  envelopeRow,
  jobsFor,
  ledgerOf,
  setSignerStatus,
  signerRow,
} from './lifecycle-state.js';

describeOnEachDatabase('POST /envelopes/{envelopeId}/decline', (server) => {
  let token: string;
  let credentials: string;
  let accountId: string;
  before(async () => {
    ({ accessToken: token, credentials, account_id: accountId } = await server.newAccount());
  });

  const decline = (envelopeId: string, body: unknown, asToken = token) =>
    server.call('POST', `/api/v2.0/envelopes/${envelopeId}/decline`, { token: asToken, body });

  it('declines for the named signer: signer and envelope Declined, ENVELOPE_DECLINED in the ledger, the decline notice queued', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const response = await decline(envelope_id, { reason: 'The price is wrong', signer_email: 'Grace@Example.test' });

    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal((await envelopeRow(server, envelope_id)).status, 'Declined');
    const grace = await signerRow(server, envelope_id, 'grace@example.test');
    assert.equal(grace.status, 'Declined');
    assert.equal(grace.decline_reason, 'The price is wrong');
    assert.equal(grace.declined_at, server.clock.now().toISOString());
    assert.equal((await signerRow(server, envelope_id, 'ada@example.test')).status, 'Sent');
    assert.deepEqual(
      (await activitiesOf(server, envelope_id)).filter((type) => type === 'ENVELOPE_DECLINED'),
      ['ENVELOPE_DECLINED'],
    );
    assert.deepEqual(
      (await jobsFor(server, 'send-decline-notice', envelope_id)).map((job) => job.payload),
      [{ envelopeId: envelope_id }],
    );
  });

  it('answers with the ledger proof of the decline (docs/concepts/ledger.md)', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const { status, body } = await decline(envelope_id, { reason: 'Not authorised to sign', signer_email: 'ada@example.test' });
    assert.equal(status, 200, JSON.stringify(body));
    const data = body.data;
    // Invitation jobs may append entries after the decline; the response shows the chain up to it.
    const ledger = (await ledgerOf(server, envelope_id)).slice(0, data.audit_logs.length);
    const last = ledger.at(-1)!;
    assert.equal(last.activity_type, 'ENVELOPE_DECLINED');

    assert.equal(data.envelope_id, envelope_id);
    assert.equal(data.activity_type, 'ENVELOPE_DECLINED');
    assert.equal(data.declined_by, 'Ada Lovelace');
    assert.equal(data.transaction_hash, last.entry_hash);
    assert.equal(data.final_block_hash, last.entry_hash);
    assert.equal(data.block_number, last.block_number);
    assert.equal(data.smart_contract_address, (await loadLedgerKey(server.dataDir)).fingerprint);
    assert.equal(data.wallet_address, walletAddress(accountId, 'ada@example.test'));
    assert.deepEqual(data.available_signature_types, ['drawn', 'typed']);
    assert.deepEqual(
      data.audit_logs,
      ledger.map(({ block_number: _blockNumber, ...entry }) => entry),
    );
  });

  it('gives audit_logs whose hash chain anyone can recompute', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const { body } = await decline(envelope_id, { reason: 'Wrong party', signer_email: 'ada@example.test' });
    let previous = '0'.repeat(64);
    for (const { entry_hash, ...hashed } of body.data.audit_logs) {
      assert.equal(hashed.previous_hash, previous);
      assert.equal(computeEntryHash(hashed), entry_hash);
      previous = entry_hash;
    }
    assert.equal(previous, body.data.final_block_hash);
  });

  it('declines for the only signer who can act when signer_email is omitted (Sequential)', async () => {
    const { envelope_id } = await createEnvelope(server, token, { flow: 'Sequential' });
    const response = await decline(envelope_id, { reason: 'Not me' });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.data.declined_by, 'Ada Lovelace');
    assert.equal((await signerRow(server, envelope_id, 'ada@example.test')).status, 'Declined');
  });

  it('answers 400 SIGNER_EMAIL_REQUIRED when signer_email is omitted and several signers can act', async () => {
    const { envelope_id } = await createEnvelope(server, token, { flow: 'Parallel' });
    assertError(await decline(envelope_id, { reason: 'Which one?' }), 400, 'SIGNER_EMAIL_REQUIRED');
    assert.equal((await envelopeRow(server, envelope_id)).status, 'Sent');
  });

  it('answers 400 DECLINE_REASON_REQUIRED for a missing, empty or blank reason, and changes nothing', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    for (const body of [
      { signer_email: 'ada@example.test' },
      { reason: '', signer_email: 'ada@example.test' },
      { reason: '  ', signer_email: 'ada@example.test' },
    ]) {
      assertError(await decline(envelope_id, body), 400, 'DECLINE_REASON_REQUIRED');
    }
    assert.equal((await envelopeRow(server, envelope_id)).status, 'Sent');
    assert.ok(!(await activitiesOf(server, envelope_id)).includes('ENVELOPE_DECLINED'));
  });

  it('rejects a reason longer than 1000 characters with 400', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const response = await decline(envelope_id, { reason: 'x'.repeat(1001), signer_email: 'ada@example.test' });
    assert.equal(response.status, 400);
    assert.equal(response.body.errors[0].field, 'reason');
  });

  it('answers 404 SIGNER_NOT_FOUND for an e-mail that is not a signer of the envelope (an observer included)', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    assertError(await decline(envelope_id, { reason: 'x', signer_email: 'nobody@example.test' }), 404, 'SIGNER_NOT_FOUND');
    assertError(await decline(envelope_id, { reason: 'x', signer_email: 'alan@example.test' }), 404, 'SIGNER_NOT_FOUND');
  });

  it('answers 409 NOT_YOUR_TURN for a signer still waiting for their turn', async () => {
    const { envelope_id } = await createEnvelope(server, token, { flow: 'Sequential' });
    assertError(await decline(envelope_id, { reason: 'x', signer_email: 'grace@example.test' }), 409, 'NOT_YOUR_TURN');
    assert.equal((await signerRow(server, envelope_id, 'grace@example.test')).status, 'Waiting');
  });

  it('answers 409 ALREADY_SIGNED for a signer who has signed', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await setSignerStatus(server, envelope_id, 'ada@example.test', 'Signed');
    assertError(await decline(envelope_id, { reason: 'Changed my mind', signer_email: 'ada@example.test' }), 409, 'ALREADY_SIGNED');
  });

  it('answers 409 ENVELOPE_NOT_ACTIVE, naming the status, once the envelope is Declined', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    assert.equal((await decline(envelope_id, { reason: 'No', signer_email: 'ada@example.test' })).status, 200);
    const again = await decline(envelope_id, { reason: 'Me neither', signer_email: 'grace@example.test' });
    assertError(again, 409, 'ENVELOPE_NOT_ACTIVE');
    assert.match(again.body.errors[0].developer_message, /Declined/);
  });

  it('answers 409 ENVELOPE_NOT_ACTIVE for a cancelled envelope', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await server.call('POST', `/api/v2.0/envelopes/${envelope_id}/cancel`, { token, body: { cancel_reason: 'Stop' } });
    const response = await decline(envelope_id, { reason: 'x', signer_email: 'ada@example.test' });
    assertError(response, 409, 'ENVELOPE_NOT_ACTIVE');
    assert.match(response.body.errors[0].developer_message, /Cancelled/);
  });

  it("answers 404 ENVELOPE_NOT_FOUND for another account's envelope", async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const stranger = await server.newAccount();
    assertError(
      await decline(envelope_id, { reason: 'x', signer_email: 'ada@example.test' }, stranger.accessToken),
      404,
      'ENVELOPE_NOT_FOUND',
    );
    assert.equal((await envelopeRow(server, envelope_id)).status, 'Sent');
  });

  it('lets the signing site decline for a signer by id, with the same result', async () => {
    const { envelope_id, recipients } = await createEnvelope(server, token);
    const grace = recipients.signers.find((s) => s.email === 'grace@example.test')!;
    const result = await recordDecline(server.service.ctx, {
      accountId,
      envelopeId: envelope_id,
      signerId: grace.recipient_id,
      reason: 'Declined on the page',
      origin: { ipAddress: '198.51.100.7', userAgent: 'Browser' },
    });
    assert.equal(result.signer.name, 'Grace Hopper');
    assert.equal((await envelopeRow(server, envelope_id)).status, 'Declined');
    assert.equal(
      (await ledgerOf(server, envelope_id)).find((entry) => entry.activity_type === 'ENVELOPE_DECLINED')!.ip_address,
      '198.51.100.7',
    );
  });

  it('answers 409 ENVELOPE_NOT_ACTIVE for an envelope past its due date', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    token = await advanceAndLogIn(server, credentials, 31 * DAY_SECONDS);
    const response = await decline(envelope_id, { reason: 'x', signer_email: 'ada@example.test' });
    assertError(response, 409, 'ENVELOPE_NOT_ACTIVE');
    assert.match(response.body.errors[0].developer_message, /Expired/);
  });
});
