import type { Language } from '../../domain/language.js';
import { translator } from '../i18n/messages.js';

/** The text of an SMS code (docs/concepts/recipients.md), in the signer's language. */
export const authenticationCodeText = (code: string, language: Language): string =>
  translator(language)('sms.authenticationCode', { code });
