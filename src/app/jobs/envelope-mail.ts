import { mailFailureReason, type OutgoingMail } from '../../infra/mail/mailer.js';
import type { AppContext } from '../context.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { SYSTEM_ACTOR } from './job-subjects.js';

/** A mail about an envelope and the person it goes to. */
export type EnvelopeMail = Omit<OutgoingMail, 'to'> & { to: { name: string; email: string } };

/**
 * Sends a mail about an envelope. When the mail server does not take it, the envelope's history
 * says so (MAIL_DELAYED, by the service) before the failure goes back to the job, which is retried
 * with back-off until the mail leaves: a sender sees why nothing arrived yet, and how long it took.
 * `what` names the mail in that entry ("The invitation", "The reminder").
 */
export const sendEnvelopeMail = async (
  ctx: AppContext,
  envelopeId: string,
  what: string,
  to: { name: string; email: string },
  mail: Omit<OutgoingMail, 'to'>,
): Promise<void> => {
  try {
    await ctx.mailer.send({ ...mail, to: to.email });
  } catch (error) {
    const description = `${what} to ${to.name} <${to.email}> did not leave: ${mailFailureReason(error)}. It is sent again later.`;
    // The mail's failure is what the job must hear; a history that cannot be written now (the database is gone too) is logged instead.
    await ledgerTransaction(ctx, (trx) =>
      appendLedgerEntry(ctx, trx, { envelopeId, activityType: 'MAIL_DELAYED', actor: SYSTEM_ACTOR, description }),
    ).catch((failure: unknown) => ctx.logger.warn({ envelopeId, err: failure }, 'A delayed mail could not be recorded in the history'));
    throw error;
  }
};
