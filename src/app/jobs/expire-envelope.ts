import { lockForUpdate } from '../../infra/db/lock-for-update.js';
import { isPending, type RecipientStatus } from '../../domain/recipient-state.js';
import { expiryMail } from '../../infra/mail/expiry-mail.js';
import type { OutgoingMail } from '../../infra/mail/mailer.js';
import type { AppContext } from '../context.js';
import { senderOf } from '../envelopes/sender.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { SYSTEM_ACTOR } from './job-subjects.js';

/**
 * Records the expiry of an envelope whose due instant has come: status Expired, expired_at and
 * the ENVELOPE_EXPIRED entry in one transaction, then the notices. An envelope whose due date was
 * extended in the meantime is left alone (the extension scheduled its own expiry job).
 */
export const expireEnvelope = async (ctx: AppContext, { envelopeId }: { envelopeId: string }): Promise<void> => {
  const mails = await ctx.db.transaction().execute(async (trx): Promise<OutgoingMail[]> => {
    let query = trx.selectFrom('envelopes').selectAll().where('id', '=', envelopeId).where('deleted_at', 'is', null);
    query = lockForUpdate(trx, query);
    const envelope = await query.executeTakeFirst();
    const now = ctx.clock.now();
    if (!envelope || !['Sent', 'InProgress'].includes(envelope.status) || new Date(envelope.signing_due_date) > now) return [];

    const expiredAt = envelope.signing_due_date;
    await trx.updateTable('envelopes').set({ status: 'Expired', expired_at: expiredAt }).where('id', '=', envelopeId).execute();
    await appendLedgerEntry(ctx, trx, {
      envelopeId,
      activityType: 'ENVELOPE_EXPIRED',
      actor: SYSTEM_ACTOR,
      description: `Envelope "${envelope.name}" expired at its signing due date ${expiredAt} before every signer had signed.`,
    });

    const sender = await senderOf(trx, envelope.account_id);
    const signers = await trx.selectFrom('recipients').select(['name', 'email', 'status']).where('envelope_id', '=', envelopeId).where('role', '=', 'signer').where('sent_at', 'is not', null).orderBy('position').execute();
    const common = { senderName: sender.name, envelopeName: envelope.name, expiredAt: new Date(expiredAt) };
    return [
      { to: sender.email, ...expiryMail({ ...common, recipientName: sender.name, audience: 'sender' }) },
      ...signers
        .filter((signer) => isPending(signer.status as RecipientStatus))
        .map((signer) => ({ to: signer.email, ...expiryMail({ ...common, recipientName: signer.name, audience: 'signer' }) })),
    ];
  });
  for (const mail of mails) await ctx.mailer.send(mail);
};
