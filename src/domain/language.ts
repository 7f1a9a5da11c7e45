import { AppError } from './app-error.js';

/** The languages of the signing page, the recipients' mails and the certificate's wording (docs/concepts/recipients.md). */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt', 'ja'] as const;

export type Language = (typeof LANGUAGES)[number];

/** What a new account's recipients read until its admins choose otherwise. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language in its own words, as its readers look for it in a list. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  pt: 'Português',
  ja: '日本語',
};

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** A language as a request names it, or 400 UNSUPPORTED_LANGUAGE naming the ones there are. */
export const asLanguage = (value: string, field: string): Language => {
  if (isLanguage(value)) return value;
  throw new AppError('UNSUPPORTED_LANGUAGE', `"${value}" is not a supported language; use one of ${LANGUAGES.join(', ')}.`, { field });
};
