import type { EnvelopeSettingsInput } from '../../domain/envelope-settings.js';
import type { FieldRulesInput } from '../../domain/field-rules.js';
import type { AuthenticationInput } from './signer-authentication.js';
import type { Language } from '../../domain/language.js';

/** A flag as the contract accepts it: a boolean, or "TRUE"/"FALSE" in either case (docs/concepts/fields.md). */
export type FlagInput = boolean | string;

/**
 * A field as a request places it (docs/concepts/fields.md). It keeps the contract's names because templates
 * store their roles' fields in exactly this shape and envelopes made from them reuse it.
 */
export interface FieldInput extends FieldRulesInput {
  type: string;
  document?: number;
  page?: number;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  anchor?: { text: string; offset_x?: number; offset_y?: number; width?: number; height?: number };
  required?: FlagInput;
  placeholder?: string;
  default_value?: string;
  editable?: FlagInput;
  options?: string[];
}

/** `name`, or `firstName` + `lastName` (docs/api/conventions.md). */
export interface PersonInput {
  name?: string;
  firstName?: string;
  lastName?: string;
  email: string;
  /** Of their mails, signing page and certificate wording; the account's default when absent (docs/concepts/recipients.md). */
  language?: Language;
}

export interface SignerInput extends PersonInput {
  signingOrder?: number;
  countryCode?: number;
  phoneNumber?: string;
  privateNote?: string;
  fields?: FieldInput[];
  /** The template role this signer fills. */
  title?: string;
  /** How the signer proves who they are before signing (docs/concepts/recipients.md). */
  authentication?: AuthenticationInput;
}

export interface ObserverInput extends PersonInput {
  /** The template role this observer fills. */
  title?: string;
  /** Refused (observers do not sign): accepted by the schema only to answer with a clear code. */
  authentication?: unknown;
}

/** The `envelope` object of every creation request; settings keep the contract's names (docs/concepts/envelopes.md). */
export interface EnvelopeInput {
  name: string;
  description?: string;
  tags?: string[];
  message?: string;
  settings: EnvelopeSettingsInput;
}

/** What every way of creating an envelope gives besides its documents. */
export interface NewEnvelope {
  envelope: EnvelopeInput;
  signers: SignerInput[];
  observers: ObserverInput[];
}

export interface RequestOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}
