import { AppError } from './app-error.js';
import type { RecipientStatus } from './recipient-state.js';

export type EnvelopeStatus = 'Sent' | 'InProgress' | 'Completed' | 'Declined' | 'Cancelled' | 'Expired';

export const ENVELOPE_STATUSES: readonly EnvelopeStatus[] = ['Sent', 'InProgress', 'Completed', 'Declined', 'Cancelled', 'Expired'];

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

const isOpen = (status: EnvelopeStatus): boolean => status === 'Sent' || status === 'InProgress';

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
  if (!isOpen(status)) {
    throw new AppError('ENVELOPE_NOT_ACTIVE', `The envelope is ${status}: it can no longer be signed.`);
  }
};

export const assertDownloadableSigned = (status: EnvelopeStatus): void => {
  if (status !== 'Completed') {
    throw new AppError('ENVELOPE_NOT_COMPLETED', `The signed document exists once the envelope is Completed; it is ${status}.`);
  }
};

/**
 * 'AllSigned' means completion (stamping and sealing) must start; the envelope stays InProgress
 * until the sealed file exists, and only then becomes Completed (docs/concepts/envelopes.md).
 */
export type SignatureOutcome = 'InProgress' | 'AllSigned';

export const statusAfterSignature = (signers: readonly { status: RecipientStatus }[]): SignatureOutcome =>
  signers.every((signer) => signer.status === 'Signed') ? 'AllSigned' : 'InProgress';

/** Extending an Expired envelope reopens it as it was: Sent until someone has signed. */
export const statusAfterExtension = (signers: readonly { status: RecipientStatus }[]): 'Sent' | 'InProgress' =>
  signers.some((signer) => signer.status === 'Signed') ? 'InProgress' : 'Sent';
