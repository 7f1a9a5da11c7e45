import assert from 'node:assert/strict';
import { afterEach, beforeEach, it } from 'node:test';
import type { ParsedMail } from 'mailparser';
import { enqueueJob } from '../../../src/app/outbox.js';
import { readLedger } from '../../../src/app/ledger/append-ledger-entry.js';
import { findSigningToken } from '../../../src/app/signing/signing-tokens.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, newSender, type Sender } from '../../support/envelopes.js';
import { linksIn, recipientOf } from '../../support/smtp-sink.js';

/** Earlier tests' envelopes keep expiring as the shared clock moves: each test looks at its own envelope's mail only. */
const about = (mails: ParsedMail[], name: string) => mails.filter((mail) => mail.subject?.includes(`"${name}"`));

describeOnEachDatabase(
  'Expiry and automatic reminders (jobs)',
  (server, sink) => {
    let sender: Sender;
    // The test clock moves by days, past an access token's lifetime: every test logs in afresh.
    beforeEach(async () => {
      sender = await newSender(server);
    });
    afterEach(() => sink.clear());

    const statusOf = async (envelopeId: string) =>
      server.service.ctx.db
        .selectFrom('envelopes')
        .select(['status', 'expired_at', 'signing_due_date'])
        .where('id', '=', envelopeId)
        .executeTakeFirstOrThrow();
    const activities = async (envelopeId: string) => (await readLedger(server.service.ctx.db, envelopeId)).map((e) => e.activity_type);
    const settle = async (envelopeId: string) => {
      await server.service.worker.drain();
      sink.clear();
      return envelopeId;
    };

    it('expires the envelope at its due date: status Expired, ENVELOPE_EXPIRED, and mail to the sender and pending signers', async () => {
      const id = await settle(
        (await createEnvelope(server, sender.token, { envelope: { name: 'Lease 1', expiration_days: 5 } })).envelope_id,
      );
      server.clock.advanceDays(4);
      await server.service.worker.drain();
      assert.equal((await statusOf(id)).status, 'Sent');

      server.clock.advanceDays(1);
      await server.service.worker.drain();
      const row = await statusOf(id);
      assert.equal(row.status, 'Expired');
      assert.equal(row.expired_at, row.signing_due_date);
      assert.equal((await activities(id)).at(-1), 'ENVELOPE_EXPIRED');
      const expiryMails = about(sink.messages, 'Lease 1');
      assert.ok(expiryMails.every((mail) => mail.subject === 'Expired: "Lease 1"'));
      assert.deepEqual(expiryMails.map(recipientOf).sort(), ['ada@example.test', 'grace@example.test', sender.email].sort());
      assert.match(expiryMails.find((mail) => recipientOf(mail) === sender.email)!.text ?? '', /You can extend the signing due date/);
    });

    it('does nothing when the due date was extended before the expiry job ran', async () => {
      const id = await settle(
        (await createEnvelope(server, sender.token, { envelope: { name: 'Lease 2', expiration_days: 3 } })).envelope_id,
      );
      const later = new Date(server.clock.now().getTime() + 10 * 86_400_000).toISOString();
      await server.service.ctx.db.updateTable('envelopes').set({ signing_due_date: later }).where('id', '=', id).execute();
      server.clock.advanceDays(3);
      await server.service.worker.drain();
      assert.equal((await statusOf(id)).status, 'Sent');
      assert.equal((await activities(id)).includes('ENVELOPE_EXPIRED'), false);
      assert.equal(about(sink.messages, 'Lease 2').length, 0);
    });

    it('does not expire an envelope that was cancelled meanwhile', async () => {
      const id = await settle(
        (await createEnvelope(server, sender.token, { envelope: { name: 'Lease 3', expiration_days: 2 } })).envelope_id,
      );
      await server.service.ctx.db.updateTable('envelopes').set({ status: 'Cancelled' }).where('id', '=', id).execute();
      server.clock.advanceDays(2);
      await server.service.worker.drain();
      assert.equal((await statusOf(id)).status, 'Cancelled');
      assert.equal(about(sink.messages, 'Lease 3').length, 0);
    });

    it('reminds every signer whose turn it is reminder_period days before the due date, with a fresh signing link', async () => {
      const created = await createEnvelope(server, sender.token, {
        envelope: { name: 'Lease 4', expiration_days: 5, email_reminders: true, reminder_period: 2 },
      });
      const id = await settle(created.envelope_id);
      server.clock.advanceDays(2);
      await server.service.worker.drain();
      assert.equal(about(sink.messages, 'Lease 4').length, 0);

      server.clock.advanceDays(1);
      await server.service.worker.drain();
      const reminders = about(sink.messages, 'Lease 4');
      assert.ok(reminders.every((mail) => mail.subject === 'Reminder: "Lease 4" is waiting for your signature'));
      assert.deepEqual(reminders.map(recipientOf).sort(), ['ada@example.test', 'grace@example.test']);
      assert.match(reminders[0]!.text ?? '', /You have 2 days left/);
      const link = linksIn(reminders.find((mail) => recipientOf(mail) === 'ada@example.test')!).find((l) => l.includes('/sign/'))!;
      const tokenRow = await findSigningToken(server.service.ctx, server.service.ctx.db, link.split('/sign/')[1]!);
      assert.equal(tokenRow?.recipientId, created.recipients.signers[0]!.recipient_id);
      assert.deepEqual(
        (await activities(id)).filter((a) => a === 'REMINDER_SENT'),
        ['REMINDER_SENT', 'REMINDER_SENT'],
      );
      const marked = await server.service.ctx.db
        .selectFrom('recipients')
        .select('auto_reminded_at')
        .where('envelope_id', '=', id)
        .where('role', '=', 'signer')
        .execute();
      assert.ok(marked.every((r) => r.auto_reminded_at === server.clock.now().toISOString()));
    });

    it('does not remind a signer who has signed, nor one of a Sequential envelope who is still Waiting', async () => {
      const created = await createEnvelope(server, sender.token, {
        flow: 'Sequential',
        envelope: { name: 'Lease 5', expiration_days: 4, email_reminders: true, reminder_period: 1 },
      });
      const id = await settle(created.envelope_id);
      server.clock.advanceDays(3);
      await server.service.worker.drain();
      assert.deepEqual(about(sink.messages, 'Lease 5').map(recipientOf), ['ada@example.test']);
      sink.clear();

      await server.service.ctx.db
        .updateTable('recipients')
        .set({ status: 'Signed' })
        .where('id', '=', created.recipients.signers[0]!.recipient_id)
        .execute();
      await server.service.ctx.db.updateTable('recipients').set({ auto_reminded_at: null }).where('envelope_id', '=', id).execute();
      await enqueueJob(server.service.ctx, server.service.ctx.db, 'send-reminder', {
        recipientId: created.recipients.signers[0]!.recipient_id,
        automatic: false,
      });
      await server.service.worker.drain();
      assert.equal(about(sink.messages, 'Lease 5').length, 0);
    });
  },
  { smtpSink: true },
);
