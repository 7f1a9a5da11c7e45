import type { Language } from '../../domain/language.js';
import { sha256Hex } from '../../infra/hash.js';
import { translator } from '../../infra/i18n/messages.js';

/**
 * The electronic records and signatures disclosure every signer accepts before signing (in the
 * spirit of ESIGN §101(c)), in the signer's language (catalog key `consent.paragraphs`). The
 * SHA-256 of the exact text shown is recorded with the consent, so any change to a catalog's
 * disclosure changes the recorded hash: edit it deliberately.
 */
export const consentText = (language: Language): string =>
  (translator(language)('consent.paragraphs', { returnObjects: true }) as string[]).join('\n\n');

export const consentTextSha256 = (language: Language): string => sha256Hex(consentText(language));
