import { AppError } from '../../domain/app-error.js';
import { addDays } from '../../domain/clock.js';
import { reminderDueAt, MAX_EXPIRATION_DAYS } from '../../domain/envelope-settings.js';
import { assertExtendable, statusAfterExtension } from '../../domain/envelope-state.js';
import type { EnvelopeStatus } from '../../domain/envelope-state.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import { readRecipients, updateEnvelopeRecipients } from '../../infra/db/tables/recipients-table.js';
import type { AppContext } from '../context.js';
import { enqueueJob } from '../outbox.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { loadEnvelope } from './load-envelope.js';
import type { RequestOrigin } from './new-envelope.js';
import { actingPerson } from './sender.js';

/** Exactly one of the two: a new due instant, or a number of days from now. */
export interface DueDateExtension {
  signingDueDate?: string;
  extendByDays?: number;
}

/** The new due instant: in the future, and no further out than a new envelope could be. */
export const newDueDate = ({ signingDueDate, extendByDays }: DueDateExtension, now: Date): Date => {
  if (signingDueDate !== undefined && extendByDays !== undefined) {
    throw new AppError('CONFLICTING_DUE_DATE', 'Give either signing_due_date or extend_by_days, not both.', { field: 'extend_by_days' });
  }
  if (extendByDays !== undefined) return addDays(now, extendByDays);
  if (signingDueDate === undefined)
    throw new AppError('DUE_DATE_REQUIRED', 'Give signing_due_date or extend_by_days.', { field: 'signing_due_date' });
  const due = new Date(signingDueDate);
  const latest = addDays(now, MAX_EXPIRATION_DAYS);
  if (Number.isNaN(due.getTime()) || due <= now || due > latest) {
    throw new AppError(
      'INVALID_DUE_DATE',
      `signing_due_date must be an ISO 8601 instant after now and at most ${MAX_EXPIRATION_DAYS} days ahead.`,
      { field: 'signing_due_date' },
    );
  }
  return due;
};

/**
 * Reopens an Expired envelope until a new due date: Sent, or InProgress when someone already
 * signed. The signers' existing links work again because they follow the envelope's status.
 */
export interface ExtendedEnvelope {
  envelopeId: string;
  status: EnvelopeStatus;
  signingDueDate: string;
}

export const extendDueDate = async (
  ctx: AppContext,
  request: { accountId: string; userId: string | null; envelopeId: string; extension: DueDateExtension; origin: RequestOrigin },
): Promise<ExtendedEnvelope> => {
  const now = ctx.clock.now();
  const due = newDueDate(request.extension, now);

  const status = await ledgerTransaction(ctx, async (trx) => {
    const envelope = await loadEnvelope(ctx, trx, request.accountId, request.envelopeId, { lock: true });
    assertExtendable(envelope.status);
    const reopened = statusAfterExtension(await readRecipients(trx, envelope.id, 'signer'));
    await updateEnvelope(trx, envelope.id, { status: reopened, signingDueDate: due.toISOString(), expiredAt: null });
    const actor = await actingPerson(trx, request);
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'DUE_DATE_EXTENDED',
      actor: { name: actor.name, email: actor.email },
      description: `Signing due date moved from ${envelope.signingDueDate} to ${due.toISOString()}; the envelope is ${reopened} again.`,
      ipAddress: request.origin.ipAddress,
      userAgent: request.origin.userAgent,
    });
    // The expiry job of the old date finds the due date moved on and does nothing.
    await enqueueJob(ctx, trx, 'expire-envelope', { envelopeId: envelope.id }, due);
    const remindAt = envelope.emailReminders && envelope.reminderPeriod ? reminderDueAt(due, envelope.reminderPeriod) : undefined;
    // A reminder "n days before expiry" that would fall before now has no meaning for this extension.
    if (remindAt && remindAt > now) {
      await updateEnvelopeRecipients(trx, envelope.id, { autoRemindedAt: null });
      await enqueueJob(ctx, trx, 'auto-remind', { envelopeId: envelope.id }, remindAt);
    }
    return reopened;
  });
  ctx.jobs.poke();

  return { envelopeId: request.envelopeId, status, signingDueDate: due.toISOString() };
};
