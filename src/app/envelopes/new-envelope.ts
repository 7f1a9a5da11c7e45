import type { EnvelopeSettingsInput } from '../../domain/envelope-settings.js';
import type { StoredDocument } from '../documents/stored-document.js';

/** What every way of creating an envelope (base64, uploaded files, template) boils down to. */
export interface FieldInput {
  type: string;
  document?: number;
  page?: number;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  anchor?: { text: string; offset_x?: number; offset_y?: number; width?: number; height?: number };
  required?: unknown;
  placeholder?: string;
  default_value?: string;
  editable?: unknown;
  options?: string[];
}

export interface PersonInput {
  name?: string;
  first_name?: string;
  last_name?: string;
  email: string;
}

export interface SignerInput extends PersonInput {
  signing_order?: unknown;
  country_code?: number;
  phone_number?: string;
  private_note?: string;
  fields?: FieldInput[];
  /** The template role this signer fills. */
  title?: string;
}

export interface ObserverInput extends PersonInput {
  title?: string;
}

export interface NewEnvelope {
  envelope: { name: string; description?: string; tags?: string[]; message?: string } & EnvelopeSettingsInput;
  documents: StoredDocument[];
  signers: SignerInput[];
  observers: ObserverInput[];
  template?: { id: string; defaults: EnvelopeSettingsInput };
}

export interface RequestOrigin {
  ipAddress: string | null;
  userAgent: string | null;
}
