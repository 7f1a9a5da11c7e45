import assert from 'node:assert/strict';
import { afterEach, before, it } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { enqueueJob } from '../../../src/app/outbox.js';
import { readLedger } from '../../../src/app/ledger/append-ledger-entry.js';
import { findSigningToken } from '../../../src/app/signing/signing-tokens.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, type EnvelopeRequestOptions } from '../../support/envelopes.js';
import { linksIn } from '../../support/smtp-sink.js';

const signer = (name: string, email: string, signingOrder: number, extra: Record<string, unknown> = {}) => ({
  name,
  email,
  signing_order: signingOrder,
  fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
  ...extra,
});
const addressesOf = (mails: ParsedMail[]) => mails.map((mail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.text).sort();
const signingToken = (mail: ParsedMail) =>
  linksIn(mail)
    .find((link) => link.includes('/sign/'))
    ?.split('/sign/')[1];

describeOnEachDatabase(
  'Invitation e-mails (send-invitation job)',
  (server, sink) => {
    let token: string;
    before(async () => {
      token = (await server.newAccount()).accessToken;
    });
    afterEach(() => sink.clear());

    const send = async (options: EnvelopeRequestOptions) => {
      const created = await createEnvelope(server, token, options);
      await server.service.worker.drain();
      return created;
    };

    it('mails only the first signer and the observers of a Sequential envelope, with a working signing link, the private note and the message', async () => {
      const created = await send({
        flow: 'Sequential',
        envelope: { message: 'Please sign by Friday.' },
        signers: [
          signer('Ada Lovelace', 'ada@example.test', 1, { private_note: 'Initial page 2 too.' }),
          signer('Grace Hopper', 'grace@example.test', 2),
        ],
      });
      assert.deepEqual(addressesOf(sink.messages), ['alan@example.test', 'ada@example.test'].sort());

      const ada = sink.messages.find((mail) => mail.subject?.includes('to sign'))!;
      assert.match(ada.text ?? '', /Please sign by Friday\./);
      assert.match(ada.text ?? '', /Initial page 2 too\./);
      const row = await findSigningToken(server.service.ctx, server.service.ctx.db, signingToken(ada)!);
      assert.equal(row?.recipientId, created.recipients.signers[0]!.recipient_id);

      const observer = sink.messages.find((mail) => mail.subject?.startsWith('For your information'))!;
      assert.match(observer.text ?? '', /Please sign by Friday\./);
      assert.doesNotMatch(observer.text ?? '', /Initial page 2 too/);
      assert.equal(signingToken(observer), undefined);
    });

    it('writes an INVITATION_SENT ledger entry naming each invited recipient', async () => {
      const created = await send({ flow: 'Sequential' });
      const invitations = (await readLedger(server.service.ctx.db, created.envelope_id)).filter(
        (e) => e.activity_type === 'INVITATION_SENT',
      );
      assert.deepEqual(invitations.map((e) => e.description).sort(), [
        'Invitation sent to observer Alan Turing <alan@example.test>.',
        'Invitation sent to signer Ada Lovelace <ada@example.test>.',
      ]);
    });

    it('mails every signer and observer of a Parallel envelope', async () => {
      await send({ flow: 'Parallel' });
      assert.deepEqual(addressesOf(sink.messages), ['ada@example.test', 'alan@example.test', 'grace@example.test']);
    });

    it('invites the lowest signing-order group of a Hybrid envelope', async () => {
      await send({
        flow: 'Hybrid',
        signers: [
          signer('Ada Lovelace', 'ada@example.test', 1),
          signer('Katherine Johnson', 'katherine@example.test', 1),
          signer('Grace Hopper', 'grace@example.test', 2),
        ],
      });
      assert.deepEqual(addressesOf(sink.messages), ['ada@example.test', 'alan@example.test', 'katherine@example.test']);
    });

    it('sends nothing when send_email_to_recipients is false', async () => {
      const created = await send({ envelope: { send_email_to_recipients: false } });
      assert.equal(sink.messages.length, 0);
      const ledger = await readLedger(server.service.ctx.db, created.envelope_id);
      assert.equal(
        ledger.some((e) => e.activity_type === 'INVITATION_SENT'),
        false,
      );
    });

    it('skips the invitation of an envelope that was cancelled before the job ran', async () => {
      const { ctx } = server.service;
      const created = await createEnvelope(server, token, { envelope: { send_email_to_recipients: false } });
      await ctx.db.updateTable('envelopes').set({ status: 'Cancelled' }).where('id', '=', created.envelope_id).execute();
      await enqueueJob(ctx, ctx.db, 'send-invitation', { recipientId: created.recipients.signers[0]!.recipient_id });
      await server.service.worker.drain();
      assert.equal(sink.messages.length, 0);
      const ledger = await readLedger(ctx.db, created.envelope_id);
      assert.equal(
        ledger.some((e) => e.activity_type === 'INVITATION_SENT'),
        false,
      );
    });
  },
  { smtpSink: true },
);
