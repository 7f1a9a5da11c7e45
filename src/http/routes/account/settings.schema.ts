import { Type, type Static } from 'typebox';
import { LANGUAGES, type Language } from '../../../domain/language.js';
import type { AccountSettings } from '../../../app/accounts/get-settings.js';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS } from '../../../domain/retention.js';
import { MAX_SIGNER_COPY_DAYS } from '../../../domain/signer-copy.js';
import { Int, List, Nullable, Text } from '../../schema-kit.js';

export const MAX_FRAME_ANCESTORS = 20;

export const FrameAncestors = List(Text(255, { 'x-invalid-code': 'INVALID_FRAME_ANCESTOR' }), MAX_FRAME_ANCESTORS, {
  'x-invalid-code': 'INVALID_FRAME_ANCESTOR',
  description:
    'Origins (`https://app.example.com`: http or https, host and port, no path) whose pages may frame the signing page and the ' +
    'embedded builders (CSP `frame-ancestors`); at most 20',
});

export const DefaultLanguage = Type.Unsafe<Language>(
  Type.String({
    enum: [...LANGUAGES],
    maxLength: 8,
    'x-invalid-code': 'UNSUPPORTED_LANGUAGE',
    description:
      'The language of recipients an envelope request gives none (`en`, `de`, `fr`, `es`, `pt`, `ja`): their mails, signing ' +
      'page and certificate wording. A new account has `en`',
  }),
);

export const SignerCopyDays = Int(1, MAX_SIGNER_COPY_DAYS, {
  description:
    'Days after completion that a signer’s link still shows the completed envelope and serves the sealed PDF and the certificate; ' +
    'then it answers 410 `SIGNER_COPY_EXPIRED`. 1–3650; a new account has 30',
});

export const RetentionDays = Nullable(Int(MIN_RETENTION_DAYS, MAX_RETENTION_DAYS), {
  description:
    'Days after an envelope ended (completed, declined, cancelled or expired) that its documents’ bytes are kept; from then on ' +
    'every download of them answers 410 `DOCUMENT_PURGED` and a purge deletes them, keeping the details, history, ledger, ' +
    'hashes and the certificate of completion. 1–3650, or null to keep them forever (a new account has null)',
});

export const SettingsData = Type.Object({
  frame_ancestors: FrameAncestors,
  default_language: DefaultLanguage,
  signer_copy_days: SignerCopyDays,
  retention_days: RetentionDays,
});

export const presentSettings = (settings: AccountSettings): Static<typeof SettingsData> => ({
  frame_ancestors: settings.frameAncestors,
  default_language: settings.defaultLanguage,
  signer_copy_days: settings.signerCopyDays,
  retention_days: settings.retentionDays,
});
