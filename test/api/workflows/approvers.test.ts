import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { consentTextSha256 } from '../../../src/app/signing/consent-text.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, newSender, type Sender } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import type { WebhookReceiver } from '../../support/webhook-receiver.js';
import { envelopeRow, signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';
import { deliveriesOf, invitedToken, ledgerEntries, mailsTo, recipientRow, subscribe } from './corrections-support.js';

const signature = { type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 };
const mary = { name: 'Mary Jackson', email: 'mary@example.test', role: 'approver', signing_order: 1 };
const ada = { name: 'Ada Lovelace', email: 'ada@example.test', signing_order: 2, fields: [signature] };

describeOnEachDatabase(
  'Approvers: POST /signing/{token}/approve (docs/concepts/signing.md)',
  (server, sink) => {
    let sender: Sender;
    let receiver: WebhookReceiver;
    before(async () => {
      sender = await newSender(server);
      receiver = await subscribe(server, sender.token, 'approvers', ['recipient.approved']);
    });
    after(() => receiver?.close());

    /** Mary approves first, then Ada signs (Sequential). */
    const approverFirst = async (signers: unknown[] = [mary, ada], flow = 'Sequential') => {
      const envelope = await createEnvelope(server, sender.token, { flow, signers: signers as never });
      const [approver, signer] = envelope.recipients.signers;
      return {
        envelope,
        approver: approver!,
        signer: signer!,
        approverToken: await tokenFor(server, envelope.envelope_id, approver!.recipient_id),
      };
    };
    const approve = (signingToken: string, body: unknown = { consent: true }) =>
      server.call('POST', `/api/v2.0/signing/${signingToken}/approve`, { body, headers: { 'user-agent': 'Approver-Browser/2.0' } });

    it('approves: Approved with the consent, the ledger entry, the webhook and the history, and the signer after them invited', async () => {
      const { envelope, approver, signer, approverToken } = await approverFirst();
      assert.equal((await recipientRow(server, signer.recipient_id)).status, 'Waiting');

      const response = await approve(approverToken);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const now = server.clock.now().toISOString();
      assert.deepEqual(response.body, {
        message: 'Envelope approved.',
        data: { envelope_id: envelope.envelope_id, status: 'InProgress', approved_at: now },
      });
      const row = await recipientRow(server, approver.recipient_id);
      assert.deepEqual(
        [row.status, row.approved_at, row.consented_at, row.consent_text_sha256, row.user_agent, row.signature],
        ['Approved', now, now, consentTextSha256('en'), 'Approver-Browser/2.0', null],
      );
      assert.equal((await recipientRow(server, signer.recipient_id)).status, 'Sent');
      assert.equal((await envelopeRow(server, envelope.envelope_id)).status, 'InProgress');

      const [entry] = await ledgerEntries(server, envelope.envelope_id, 'DOCUMENT_APPROVED');
      assert.equal(entry!.actor.email, 'mary@example.test');
      assert.equal(entry!.description, 'Mary Jackson accepted the electronic records disclosure and approved the envelope.');
      const history = await server.call('GET', `/api/v2.0/envelopes/${envelope.envelope_id}/history`, { token: sender.token });
      assert.equal(history.status, 200, JSON.stringify(history.body));
      assert.match(JSON.stringify(history.body.data), /"activity_type":"DOCUMENT_APPROVED"/);

      await server.service.worker.drain();
      const [event] = deliveriesOf(receiver, 'approvers', envelope.envelope_id, 'recipient.approved');
      assert.equal(event!.recipient.recipient_id, approver.recipient_id);
      assert.equal(event!.approved_at, now);
      assert.equal(event!.all_done, false);
      assert.ok(invitedToken(sink, 'ada@example.test'), 'Ada is invited once Mary approved');
    });

    it('invites an approver with the words of their step, not to sign', async () => {
      await approverFirst([{ ...mary, email: 'mary.words@example.test' }, ada]);
      await server.service.worker.drain();
      const [mail] = mailsTo(sink, 'mary.words@example.test');
      assert.ok(mail, 'the approver is invited');
      assert.match(mail.subject ?? '', /to approve/);
      assert.match(mail.text ?? '', /Review and approve/);
    });

    it('answers 400 CONSENT_REQUIRED without consent, and records nothing', async () => {
      const { approver, approverToken } = await approverFirst();
      assertError(await approve(approverToken, { consent: false }), 400, 'CONSENT_REQUIRED');
      assertError(await approve(approverToken, {}), 400, 'CONSENT_REQUIRED');
      assert.equal((await recipientRow(server, approver.recipient_id)).status, 'Sent');
    });

    it('answers 409 NOT_AN_APPROVER to a signer, and 409 NOT_A_SIGNER to an approver who signs', async () => {
      const { envelope, signer, approverToken } = await approverFirst([mary, ada], 'Parallel');
      const signerToken = await tokenFor(server, envelope.envelope_id, signer.recipient_id);
      const notApprover = assertError(await approve(signerToken), 409, 'NOT_AN_APPROVER');
      assert.match(notApprover.developer_message, /Only an approver approves/);
      assertError(await server.call('POST', `/api/v2.0/signing/${approverToken}/sign`, { body: signBody() }), 409, 'NOT_A_SIGNER');
      assert.equal((await recipientRow(server, signer.recipient_id)).status, 'Sent');
    });

    it('answers 409 ALREADY_SIGNED to a second approval and 409 NOT_YOUR_TURN to an approver whose turn has not come', async () => {
      const { approverToken } = await approverFirst();
      assert.equal((await approve(approverToken)).status, 200);
      assertError(await approve(approverToken), 409, 'ALREADY_SIGNED');

      const later = await approverFirst([
        { ...ada, signing_order: 1 },
        { ...mary, signing_order: 2 },
      ]);
      const waitingToken = await tokenFor(server, later.envelope.envelope_id, later.signer.recipient_id);
      assertError(await approve(waitingToken), 409, 'NOT_YOUR_TURN');
    });

    it('declines through the decline route: the envelope is Declined and nobody after them is invited', async () => {
      const { envelope, signer, approverToken } = await approverFirst();
      const declined = await server.call('POST', `/api/v2.0/signing/${approverToken}/decline`, { body: { reason: 'The price is wrong.' } });
      assert.equal(declined.status, 200, JSON.stringify(declined.body));
      assert.equal(declined.body.data.status, 'Declined');
      assert.equal((await envelopeRow(server, envelope.envelope_id)).status, 'Declined');
      assert.equal((await recipientRow(server, signer.recipient_id)).status, 'Waiting');
    });

    it('completes the envelope when the approval is the last step: all_done, and the envelope sealed', async () => {
      const envelope = await createEnvelope(server, sender.token, {
        flow: 'Sequential',
        signers: [
          { ...ada, signing_order: 1 },
          { ...mary, signing_order: 2 },
        ] as never,
      });
      const [signer, approver] = envelope.recipients.signers;
      const adaToken = await tokenFor(server, envelope.envelope_id, signer!.recipient_id);
      assert.equal((await server.call('POST', `/api/v2.0/signing/${adaToken}/sign`, { body: signBody() })).body.data.all_signed, false);
      assert.equal((await approve(await tokenFor(server, envelope.envelope_id, approver!.recipient_id))).status, 200);
      await server.service.worker.drain();
      const [event] = deliveriesOf(receiver, 'approvers', envelope.envelope_id, 'recipient.approved');
      assert.equal(event!.all_done, true);
      assert.equal((await waitForCompletion(server, envelope.envelope_id)).status, 'Completed');
    });
  },
  { smtpSink: true, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
);
