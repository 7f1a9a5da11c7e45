import type { EnvelopeSettingsInput } from '../../domain/envelope-settings.js';
import type { FieldRulesInput } from '../../domain/field-rules.js';
import type { AuthenticationInput } from './signer-authentication.js';
import type { Language } from '../../domain/language.js';
import type { ShowIf } from '../../domain/field-conditions.js';

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
  /** Unique per envelope; what other fields' `show_if` refer to (docs/api/workflows.md). */
  name?: string;
  show_if?: ShowIf;
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
  /** What their step asks of them (docs/api/workflows.md): 'signer' when absent; checked, as any string may arrive. */
  role?: string;
  /** An in-person signer's host: the address of a user of the account. */
  hostEmail?: string;
  /** A witness's witnessed signer: the signer_title or e-mail of another entry (or, in corrections, a recipient id). */
  witnessFor?: string;
  /** A signing group in this entry's place; the entry's own person keys are then absent (email ''). */
  group?: GroupInput;
  /** The request's person keys this entry was given, for a group entry that must have none. */
  personKeys?: string[];
}

/** A signing group (docs/api/workflows.md): `required` of its members must sign, each on their own copy of the entry's fields. */
export interface GroupInput {
  name: string;
  members: PersonInput[];
  required?: number;
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
  /** The envelope's metadata from the start (a bulk send's row); empty when absent. */
  metadata?: Record<string, string>;
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
