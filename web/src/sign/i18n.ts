import { createInstance, type TFunction } from 'i18next';
import { createContext, useContext } from 'react';
import { LANGUAGES, type Language } from '../../../src/domain/language.js';

/**
 * The page's words come from the service's message catalogs (assets/i18n/<language>.json), the
 * same files the mails and the certificate are worded from. English ships with the page; another
 * language is fetched once the signing API names it.
 */
export type { Language };

const catalogs = import.meta.glob<Record<string, unknown>>(['../../../assets/i18n/*.json', '!../../../assets/i18n/en.json'], {
  import: 'default',
});

const en = Object.values(import.meta.glob<Record<string, unknown>>('../../../assets/i18n/en.json', { import: 'default', eager: true }))[0]!;

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly string[]).includes(value as string);

const translatorOf = (language: Language, catalog: Record<string, unknown>): TFunction => {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en }, ...(language === 'en' ? {} : { [language]: { translation: catalog } }) },
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });
  return instance.t;
};

export interface Translation {
  language: Language;
  t: TFunction;
}

export const ENGLISH: Translation = { language: 'en', t: translatorOf('en', en) };

/**
 * Japanese text laid out before the served Japanese face (script-font.css) arrived kept its empty
 * boxes in Chromium after the swap, so a Japanese page waits for the face. The price: a Japanese
 * signer's browser fetches the face (4 MB, cached like every asset) even when the device has one.
 */
const japaneseFaceReady = async (): Promise<void> => {
  await document.fonts.load('16px "Countersign Japanese"', '署名').catch(() => undefined);
};

/** The translation of a language, its catalog loaded; English when it cannot be. */
export const loadTranslation = async (language: Language): Promise<Translation> => {
  const load = catalogs[`../../../assets/i18n/${language}.json`];
  if (language === 'en' || !load) return ENGLISH;
  try {
    const catalog = await load();
    if (language === 'ja') await japaneseFaceReady();
    return { language, t: translatorOf(language, catalog) };
  } catch {
    return ENGLISH;
  }
};

/** Before the signing API answers (or when it cannot), the browser's preferred language, if the page has it. */
export const browserLanguage = (): Language => navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage) ?? 'en';

export const TranslationContext = createContext<Translation>(ENGLISH);

export const useTranslation = (): Translation => useContext(TranslationContext);
