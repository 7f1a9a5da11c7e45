import { AppError } from './app-error.js';
import { addDays } from './clock.js';
import { effectiveStatus, type EnvelopeStatus } from './envelope-state.js';

export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 3650;

/** The statuses in which an envelope has ended: nothing more happens to its documents. */
export const ENDED_ENVELOPE_STATUSES: readonly EnvelopeStatus[] = ['Completed', 'Declined', 'Cancelled', 'Expired'];

export interface EnvelopeEnding {
  status: EnvelopeStatus;
  signingDueDate: string;
  completedAt: string | null;
  declinedAt: string | null;
  cancelledAt: string | null;
  expiredAt: string | null;
}

/**
 * When the envelope ended, as of `now`; null while it runs. An open envelope past its due instant
 * ended then, whether or not the expiry job has stamped it yet.
 */
export const endedAt = (envelope: EnvelopeEnding, now: Date): string | null => {
  const status = effectiveStatus({ status: envelope.status, signingDueDate: new Date(envelope.signingDueDate) }, now);
  if (!ENDED_ENVELOPE_STATUSES.includes(status)) return null;
  return envelope.completedAt ?? envelope.declinedAt ?? envelope.cancelledAt ?? envelope.expiredAt ?? envelope.signingDueDate;
};

/** From this instant on the envelope's document bytes are gone for every reader, purged yet or not; null: kept. */
export const purgeDeadline = (envelope: EnvelopeEnding, retentionDays: number | null, now: Date): Date | null => {
  const ended = retentionDays === null ? null : endedAt(envelope, now);
  return ended === null ? null : addDays(new Date(ended), retentionDays!);
};

/**
 * Downloads of an envelope's documents (originals, sealed copies, attachments) answer 410 DOCUMENT_PURGED from the
 * deadline on, before the purge has run too; the certificate of completion is evidence and is not asked about here.
 */
export const assertDocumentsRetained = (
  envelope: EnvelopeEnding & { documentsPurgedAt: string | null },
  retentionDays: number | null,
  now: Date,
): void => {
  const deadline = purgeDeadline(envelope, retentionDays, now);
  if (envelope.documentsPurgedAt === null && (deadline === null || now.getTime() < deadline.getTime())) return;
  const when = envelope.documentsPurgedAt ?? deadline!.toISOString();
  throw new AppError(
    'DOCUMENT_PURGED',
    `The envelope's documents were deleted on ${when.slice(0, 10)} under the account's retention; its details, history, ledger and certificate remain.`,
  );
};
