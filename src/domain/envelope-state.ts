import { AppError } from './app-error.js';
import type { RecipientStatus } from './recipient-state.js';

/** `Correcting`: a signer sent the envelope back; nobody signs until the sender corrects it and resends (docs/api/workflows.md). */
export type EnvelopeStatus = 'Sent' | 'InProgress' | 'Correcting' | 'Completed' | 'Declined' | 'Cancelled' | 'Expired';

export const ENVELOPE_STATUSES: readonly EnvelopeStatus[] = [
  'Sent',
  'InProgress',
  'Correcting',
  'Completed',
  'Declined',
  'Cancelled',
  'Expired',
];

export interface EnvelopeTiming {
  status: EnvelopeStatus;
  signingDueDate: Date;
}

/**
 * The status as the contract reads it at `now`: an open envelope whose due instant has come is
 * Expired, whether or not the expiry job has run yet. The due instant itself already counts as expired.
 */
export const effectiveStatus = ({ status, signingDueDate }: EnvelopeTiming, now: Date): EnvelopeStatus =>
  isOpen(status) && now.getTime() >= signingDueDate.getTime() ? 'Expired' : status;

/** Out for signature, or sent back for correction: it still runs towards its due date and can be cancelled. */
export const OPEN_ENVELOPE_STATUSES: readonly EnvelopeStatus[] = ['Sent', 'InProgress', 'Correcting'];

const isOpen = (status: EnvelopeStatus): boolean => OPEN_ENVELOPE_STATUSES.includes(status);

/** Signing, approving, viewing and declining happen only here. */
const isSignable = (status: EnvelopeStatus): boolean => status === 'Sent' || status === 'InProgress';

export const assertCancellable = (status: EnvelopeStatus): void => {
  if (!isOpen(status) && status !== 'Expired') {
    throw new AppError('ENVELOPE_NOT_CANCELLABLE', `A ${status} envelope cannot be cancelled.`);
  }
};

export const assertDeletable = (status: EnvelopeStatus): void => {
  if (status !== 'Completed') {
    throw new AppError('ENVELOPE_NOT_COMPLETED', `Only a Completed envelope can be deleted; this one is ${status}.`);
  }
};

export const assertExtendable = (status: EnvelopeStatus): void => {
  if (status !== 'Expired') {
    throw new AppError('ENVELOPE_NOT_EXPIRED', `Only an Expired envelope's due date can be extended; this one is ${status}.`);
  }
};

/** Signing, viewing and declining need an envelope that is still out for signature. */
export const assertActive = (status: EnvelopeStatus): void => {
  if (status === 'Correcting') {
    throw new AppError(
      'ENVELOPE_NOT_ACTIVE',
      'The envelope is Correcting: it was sent back to its sender and cannot be signed until it is resent.',
    );
  }
  if (!isSignable(status)) {
    throw new AppError('ENVELOPE_NOT_ACTIVE', `The envelope is ${status}: it can no longer be signed.`);
  }
};

/** Corrections are made while the envelope is out for signature or sent back (docs/api/workflows.md). */
export const assertCorrectable = (status: EnvelopeStatus): void => {
  if (!isOpen(status)) {
    throw new AppError(
      'ENVELOPE_NOT_ACTIVE',
      `The envelope is ${status}: only a Sent, InProgress or Correcting envelope can be corrected.`,
    );
  }
};

export const assertDownloadableSigned = (status: EnvelopeStatus): void => {
  if (status !== 'Completed') {
    throw new AppError('ENVELOPE_NOT_COMPLETED', `The signed document exists once the envelope is Completed; it is ${status}.`);
  }
};

/** Extending an Expired envelope reopens it as it was: Sent until someone has signed or approved. */
export const statusAfterExtension = (signers: readonly { status: RecipientStatus }[]): 'Sent' | 'InProgress' =>
  signers.some((signer) => signer.status === 'Signed' || signer.status === 'Approved') ? 'InProgress' : 'Sent';
