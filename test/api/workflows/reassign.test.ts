import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sha256Hex } from '../../../src/infra/hash.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, newSender, type Sender } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import type { WebhookReceiver } from '../../support/webhook-receiver.js';
import { envelopeRow, signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';
import {
  allowReassign,
  deliveriesOf,
  fieldsOf,
  invitedToken,
  ledgerEntries,
  mailsTo,
  recipientRow,
  setRecipient,
  subscribe,
} from './corrections-support.js';

describeOnEachDatabase(
  'POST /signing/{token}/reassign (docs/api/corrections.md)',
  (server, sink) => {
    let sender: Sender;
    let receiver: WebhookReceiver;
    before(async () => {
      sender = await newSender(server);
      receiver = await subscribe(server, sender.token, 'reassign', ['recipient.reassigned']);
    });
    after(() => receiver?.close());

    const reassign = (signingToken: string, body: unknown) => server.call('POST', `/api/v2.0/signing/${signingToken}/reassign`, { body });
    const katherine = { name: 'Katherine Johnson', email: 'katherine@example.test', reason: 'Katherine signs contracts for our team.' };

    /** An envelope that allows reassigning, with Ada's (first signer's) invitation token. */
    const reassignable = async (options: Parameters<typeof createEnvelope>[2] = {}) => {
      const envelope = await createEnvelope(server, sender.token, options);
      await allowReassign(server, envelope.envelope_id);
      const [ada, grace] = envelope.recipients.signers;
      return { envelope, ada: ada!, grace: grace!, adaToken: await tokenFor(server, envelope.envelope_id, ada!.recipient_id) };
    };

    it('hands the step over: same recipient and fields, the new person invited, the old link 409 RECIPIENT_REASSIGNED, the sender told', async () => {
      const { envelope, ada, adaToken } = await reassignable();
      const fieldsBefore = await fieldsOf(server, ada.recipient_id);
      await server.call('GET', `/api/v2.0/signing/${adaToken}`);

      const response = await reassign(adaToken, { ...katherine, email: 'Katherine@Example.test' });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(response.body, {
        message: 'Signing step reassigned.',
        data: {
          envelope_id: envelope.envelope_id,
          recipient_id: ada.recipient_id,
          name: 'Katherine Johnson',
          email: 'katherine@example.test',
        },
      });
      const row = await recipientRow(server, ada.recipient_id);
      assert.deepEqual([row.name, row.email, row.status, row.viewed_at], ['Katherine Johnson', 'katherine@example.test', 'Sent', null]);
      assert.deepEqual(
        (await fieldsOf(server, ada.recipient_id)).map((field) => field.id),
        fieldsBefore.map((field) => field.id),
      );
      const [delegation] = await server.service.ctx.db
        .selectFrom('recipient_delegations')
        .selectAll()
        .where('recipient_id', '=', ada.recipient_id)
        .execute();
      assert.deepEqual(
        [delegation!.position, delegation!.from_email, delegation!.to_email, delegation!.reason],
        [1, 'ada@example.test', 'katherine@example.test', katherine.reason],
      );

      assertError(await server.call('GET', `/api/v2.0/signing/${adaToken}`), 409, 'RECIPIENT_REASSIGNED');
      assertError(await server.call('POST', `/api/v2.0/signing/${adaToken}/sign`, { body: signBody() }), 409, 'RECIPIENT_REASSIGNED');
      await server.service.worker.drain();
      const katherineToken = invitedToken(sink, 'katherine@example.test');
      const view = await server.call('GET', `/api/v2.0/signing/${katherineToken}`);
      assert.equal(view.status, 200, JSON.stringify(view.body));
      assert.equal(view.body.data.signer.name, 'Katherine Johnson');
      assert.equal(view.body.data.signer.email, 'katherine@example.test');

      const told = mailsTo(sink, sender.email).find((mail) => mail.subject?.includes('handed their step to Katherine Johnson'));
      assert.ok(told, 'the sender is mailed');
      assert.match(told.text ?? '', /Ada Lovelace \(ada@example\.test\) handed their step on "Sales agreement" to Katherine Johnson/);
      assert.match(told.text ?? '', /Katherine signs contracts for our team\./);

      const [entry] = await ledgerEntries(server, envelope.envelope_id, 'RECIPIENT_REASSIGNED');
      assert.equal(entry!.actor.email, 'ada@example.test');
      assert.equal(
        entry!.description,
        'Ada Lovelace <ada@example.test> handed their step to Katherine Johnson <katherine@example.test>: Katherine signs contracts for our team.',
      );
      const [event] = deliveriesOf(receiver, 'reassign', envelope.envelope_id, 'recipient.reassigned');
      assert.deepEqual(event!.from, { name: 'Ada Lovelace', email: 'ada@example.test' });
      assert.deepEqual(event!.to, { name: 'Katherine Johnson', email: 'katherine@example.test' });
      assert.equal(event!.reason, katherine.reason);
      assert.equal(event!.recipient.recipient_id, ada.recipient_id);
      assert.equal(event!.reassigned_at, server.clock.now().toISOString());
    });

    it('follows a chain of two hand-overs: every old link answers 409, the last person signs and the envelope completes', async () => {
      const { envelope, ada, grace, adaToken } = await reassignable();
      assert.equal((await reassign(adaToken, { name: 'Katherine Johnson', email: 'katherine@example.test' })).status, 200);
      await server.service.worker.drain();
      const katherineToken = invitedToken(sink, 'katherine@example.test');
      const second = await reassign(katherineToken, { name: 'Dorothy Vaughan', email: 'dorothy@example.test', reason: 'Away this week' });
      assert.equal(second.status, 200, JSON.stringify(second.body));
      await server.service.worker.drain();
      const dorothyToken = invitedToken(sink, 'dorothy@example.test');

      const chain = await server.service.ctx.db
        .selectFrom('recipient_delegations')
        .selectAll()
        .where('recipient_id', '=', ada.recipient_id)
        .orderBy('position')
        .execute();
      assert.deepEqual(
        chain.map((link) => [link.position, link.from_email, link.to_email, link.reason]),
        [
          [1, 'ada@example.test', 'katherine@example.test', null],
          [2, 'katherine@example.test', 'dorothy@example.test', 'Away this week'],
        ],
      );
      for (const old of [adaToken, katherineToken])
        assertError(await server.call('GET', `/api/v2.0/signing/${old}`), 409, 'RECIPIENT_REASSIGNED');

      assert.equal((await server.call('POST', `/api/v2.0/signing/${dorothyToken}/sign`, { body: signBody() })).status, 200);
      const graceToken = await tokenFor(server, envelope.envelope_id, grace.recipient_id);
      assert.equal((await server.call('POST', `/api/v2.0/signing/${graceToken}/sign`, { body: signBody() })).status, 200);
      assert.equal((await waitForCompletion(server, envelope.envelope_id)).status, 'Completed');
      const signed = await recipientRow(server, ada.recipient_id);
      assert.deepEqual([signed.name, signed.email, signed.status], ['Dorothy Vaughan', 'dorothy@example.test', 'Signed']);
      assert.equal((await ledgerEntries(server, envelope.envelope_id, 'RECIPIENT_REASSIGNED')).length, 2);
    });

    it('answers 403 REASSIGN_NOT_ALLOWED when the envelope does not allow reassigning, and changes nothing', async () => {
      const envelope = await createEnvelope(server, sender.token);
      const ada = envelope.recipients.signers[0]!;
      const adaToken = await tokenFor(server, envelope.envelope_id, ada.recipient_id);
      const refused = assertError(await reassign(adaToken, katherine), 403, 'REASSIGN_NOT_ALLOWED');
      assert.match(refused.developer_message, /does not allow/);
      assert.equal((await recipientRow(server, ada.recipient_id)).email, 'ada@example.test');
      assert.equal((await server.call('GET', `/api/v2.0/signing/${adaToken}`)).status, 200);
    });

    it('answers 409 NOT_YOUR_TURN to a signer still waiting, and 409 ALREADY_SIGNED after signing', async () => {
      const { grace, envelope, adaToken } = await reassignable({ flow: 'Sequential' });
      const graceToken = await tokenFor(server, envelope.envelope_id, grace.recipient_id);
      assertError(await reassign(graceToken, katherine), 409, 'NOT_YOUR_TURN');
      assert.equal((await server.call('POST', `/api/v2.0/signing/${adaToken}/sign`, { body: signBody() })).status, 200);
      assertError(await reassign(adaToken, katherine), 409, 'ALREADY_SIGNED');
    });

    it('answers 400 DUPLICATE_SIGNER for an address that is already a recipient (another signer, an observer, themselves)', async () => {
      const { adaToken, ada } = await reassignable();
      for (const email of ['grace@example.test', 'ALAN@example.test', 'ada@example.test']) {
        const refused = assertError(await reassign(adaToken, { name: 'Someone', email }), 400, 'DUPLICATE_SIGNER');
        assert.equal(refused.field, 'email');
      }
      assert.equal((await recipientRow(server, ada.recipient_id)).email, 'ada@example.test');
    });

    it('answers 400 for a blank name, a bad address or a reason over 1000 characters', async () => {
      const { adaToken } = await reassignable();
      assertError(await reassign(adaToken, { name: '  ', email: 'k@example.test' }), 400, 'RECIPIENT_NAME_REQUIRED');
      assertError(await reassign(adaToken, { email: 'k@example.test' }), 400, 'RECIPIENT_NAME_REQUIRED');
      assert.equal((await reassign(adaToken, { name: 'K', email: 'not an address' })).status, 400);
      assert.equal((await reassign(adaToken, { name: 'K', email: 'k@example.test', reason: 'x'.repeat(1001) })).status, 400);
      assert.equal((await reassign(adaToken, { name: 'K', email: 'k@example.test', extra: true })).status, 400);
    });

    it('answers 403 REASSIGN_NOT_ALLOWED to an in-person signer, a witness and a step checked by SMS, saying why', async () => {
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ signer_role: 'in_person' }, /in-person/],
        [{ signer_role: 'witness' }, /witness/i],
      ];
      for (const [columns, why] of cases) {
        const { ada, adaToken } = await reassignable();
        await setRecipient(server, ada.recipient_id, columns);
        assert.match(assertError(await reassign(adaToken, katherine), 403, 'REASSIGN_NOT_ALLOWED').developer_message, why);
      }
      const envelope = await createEnvelope(server, sender.token, {
        signers: [
          {
            name: 'Ada Lovelace',
            email: 'ada@example.test',
            country_code: 44,
            phone_number: '7700900123',
            authentication: { method: 'sms' },
            fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
          },
        ],
      });
      await allowReassign(server, envelope.envelope_id);
      const smsSigner = envelope.recipients.signers[0]!.recipient_id;
      const smsToken = await tokenFor(server, envelope.envelope_id, smsSigner);
      // A session as authenticate opens it after a right SMS code.
      const session = 'cs_ss_reassign-test-session';
      await server.service.ctx.db
        .insertInto('recipient_signing_sessions')
        .values({
          session_hash: sha256Hex(session),
          recipient_id: smsSigner,
          envelope_id: envelope.envelope_id,
          expires_at: new Date(server.clock.now().getTime() + 600_000).toISOString(),
          created_at: server.clock.now().toISOString(),
        })
        .execute();
      const refused = await server.call('POST', `/api/v2.0/signing/${smsToken}/reassign`, {
        body: katherine,
        headers: { 'countersign-signing-session': session },
      });
      assert.match(assertError(refused, 403, 'REASSIGN_NOT_ALLOWED').developer_message, /phone/);
      assert.equal((await recipientRow(server, smsSigner)).email, 'ada@example.test');
    });

    it('answers 409 ENVELOPE_NOT_ACTIVE while the envelope is Correcting', async () => {
      const { envelope, adaToken } = await reassignable();
      await server.service.ctx.db.updateTable('envelopes').set({ status: 'Correcting' }).where('id', '=', envelope.envelope_id).execute();
      assert.match(assertError(await reassign(adaToken, katherine), 409, 'ENVELOPE_NOT_ACTIVE').developer_message, /Correcting/);
      assert.equal((await envelopeRow(server, envelope.envelope_id)).status, 'Correcting');
    });
  },
  { smtpSink: true, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
);
