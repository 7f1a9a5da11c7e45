import type { Language } from '../../domain/language.js';
import type { FieldInput, SignerInput } from '../envelopes/new-envelope.js';
import type { AuthenticationInput } from '../envelopes/signer-authentication.js';

/** A change to one recipient who has not acted yet (docs/api/corrections.md); absent properties stay as they are. */
export interface RecipientCorrection {
  recipientId: string;
  name?: string;
  email?: string;
  countryCode?: number;
  phoneNumber?: string;
  authentication?: AuthenticationInput;
  language?: Language;
}

/** The new fields of a recipient who has not acted yet, replacing all of theirs. */
export interface FieldsCorrection {
  recipientId: string;
  fields: FieldInput[];
}

/** The body of `POST /envelopes/{id}/correct`: any of its parts, all applied at once or none. */
export interface EnvelopeCorrection {
  recipients?: RecipientCorrection[];
  addSigners?: SignerInput[];
  removeRecipients?: string[];
  fields?: FieldsCorrection[];
  signingDueDate?: string;
}

export const isEmptyCorrection = (correction: EnvelopeCorrection): boolean =>
  !correction.recipients?.length &&
  !correction.addSigners?.length &&
  !correction.removeRecipients?.length &&
  !correction.fields?.length &&
  correction.signingDueDate === undefined;
