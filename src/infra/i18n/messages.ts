import { readFileSync } from 'node:fs';
import i18next, { type TFunction, type TOptions } from 'i18next';
import { LANGUAGES, type Language } from '../../domain/language.js';
import { packagePath } from '../../package-dir.js';

export type Translate = TFunction;

/**
 * The message catalogs (assets/i18n/<language>.json), one per language and shared with the signing
 * page, which imports the same files: full sentences with interpolation, never pieces joined in code.
 * English fills any key a catalog lacks.
 */
const catalog = (language: Language): Record<string, unknown> =>
  JSON.parse(readFileSync(packagePath('assets', 'i18n', `${language}.json`), 'utf8')) as Record<string, unknown>;

const instance = i18next.createInstance();
void instance.init({
  resources: Object.fromEntries(LANGUAGES.map((language) => [language, { translation: catalog(language) }])),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  // Mails escape in one place (mail-layout.ts) and PDFs hold plain text: values go in as they are.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * The translate function of one language. Not i18next's getFixedT: its function copies every option of the
 * instance (the catalogs' holder included) into a new object on each call, which made a translation three times
 * as dear (about 14 µs against 4.5; a mail takes ten or so, docs/benchmarks.md).
 */
export const translator = (language: Language): Translate =>
  ((key: string, options?: TOptions) => instance.t(key, { ...options, lng: language })) as Translate;
