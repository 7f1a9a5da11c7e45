import { AppError } from './app-error.js';

/**
 * `Approved` ends an approver's step; `NotNeeded` is a signing-group member whose group had
 * enough signatures before they signed (docs/api/workflows.md).
 */
export type RecipientStatus = 'Waiting' | 'Sent' | 'Viewed' | 'Signed' | 'Approved' | 'Declined' | 'NotNeeded';

export const RECIPIENT_STATUSES: readonly RecipientStatus[] = ['Waiting', 'Sent', 'Viewed', 'Signed', 'Approved', 'Declined', 'NotNeeded'];

/** A signer who may still act: neither signed, approved, declined nor let off by their group. */
export const isPending = (status: RecipientStatus): boolean => status === 'Waiting' || status === 'Sent' || status === 'Viewed';

/** A signer whose turn it is: invited and not done yet. */
export const isOnTurn = (status: RecipientStatus): boolean => status === 'Sent' || status === 'Viewed';

/** Opening the signing page marks a signer Viewed once; any later visit leaves the status alone. */
export const statusAfterView = (status: RecipientStatus): RecipientStatus => (status === 'Sent' ? 'Viewed' : status);

/**
 * Throws NOT_YOUR_TURN, ALREADY_SIGNED, GROUP_COMPLETE or ENVELOPE_NOT_ACTIVE when this recipient cannot act now.
 * A signer who declined has made the whole envelope Declined, hence ENVELOPE_NOT_ACTIVE.
 */
export const assertCanAct = (status: RecipientStatus): void => {
  switch (status) {
    case 'Sent':
    case 'Viewed':
      return;
    case 'Signed':
      throw new AppError('ALREADY_SIGNED', 'This signer has already signed the envelope.');
    case 'Approved':
      throw new AppError('ALREADY_SIGNED', 'This approver has already approved the envelope.');
    case 'NotNeeded':
      throw new AppError('GROUP_COMPLETE', "This signer's group has all the signatures it needs: no more are taken.");
    case 'Waiting':
      throw new AppError('NOT_YOUR_TURN', "It is not this signer's turn to sign yet.");
    case 'Declined':
      throw new AppError('ENVELOPE_NOT_ACTIVE', 'The envelope is Declined: this signer declined it.');
  }
};

export const statusAfterSigning = (status: RecipientStatus): RecipientStatus => {
  assertCanAct(status);
  return 'Signed';
};

export const statusAfterDeclining = (status: RecipientStatus): RecipientStatus => {
  assertCanAct(status);
  return 'Declined';
};

/** `remind_signer` only reaches a signer whose turn it is and who has not signed. */
export const assertRemindable = (status: RecipientStatus): void => {
  if (!isOnTurn(status)) {
    throw new AppError('SIGNER_NOT_REMINDABLE', `The signer cannot be reminded: their status is ${status}.`);
  }
};

/** An embedded signing URL is only issued while it is that signer's turn. */
export const assertSignerActive = (status: RecipientStatus): void => {
  if (!isOnTurn(status)) {
    throw new AppError('SIGNER_NOT_ACTIVE', `It is not this signer's turn: their status is ${status}.`);
  }
};
