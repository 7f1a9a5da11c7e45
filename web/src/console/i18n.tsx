import { createInstance, type i18n as I18n, type TFunction } from 'i18next';
import { createContext, Fragment, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../../../src/domain/language.js';
import './console-language.css';

/**
 * The console's words: one catalog per language and area, `locales/<language>/<namespace>.json`.
 * English ships with the page; another language is fetched when the person chooses it (or their
 * browser prefers it). The choice is kept in this browser only: it is the reader's, not the account's.
 */
type Catalog = Record<string, unknown>;

const englishFiles = import.meta.glob<Catalog>('./locales/en/*.json', { import: 'default', eager: true });
const otherFiles = import.meta.glob<Catalog>(['./locales/*/*.json', '!./locales/en/*.json'], { import: 'default' });

const namespaceOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
const languageOf = (path: string): string => path.split('/')[2]!;

const ENGLISH: Record<string, Catalog> = Object.fromEntries(
  Object.entries(englishFiles).map(([path, catalog]) => [namespaceOf(path), catalog]),
);

export const CONSOLE_LANGUAGES = LANGUAGES;
export { LANGUAGE_NAMES };
export type { Language };

const STORAGE_KEY = 'countersign-console-language';

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** A stored choice survives only if it still names a language; private browsing may refuse storage altogether. */
const storedLanguage = (): Language | null => {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
};

const storeLanguage = (language: Language): void => {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // The choice then lasts until the page is left.
  }
};

/** The stored choice, else the first of the browser's languages the console speaks, else English. */
const initialLanguage = (): Language => {
  const stored = storedLanguage();
  if (stored) return stored;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
};

/**
 * Japanese text laid out before the served Japanese face (console-language.css) arrived kept its empty
 * boxes in Chromium after the swap, so Japanese waits for the face, as the signing page does.
 */
const japaneseFaceReady = async (): Promise<void> => {
  await document.fonts?.load('16px "Countersign Japanese"', '署名').catch(() => undefined);
};

const loadCatalogs = async (language: Language): Promise<Record<string, Catalog>> => {
  if (language === 'en') return {};
  const files = Object.entries(otherFiles).filter(([path]) => languageOf(path) === language);
  const [loaded] = await Promise.all([
    Promise.all(files.map(async ([path, load]) => [namespaceOf(path), await load()] as const)),
    language === 'ja' ? japaneseFaceReady() : undefined,
  ]);
  return Object.fromEntries(loaded);
};

const translatorFor = (language: Language, catalogs: Record<string, Catalog>): I18n => {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: 'en',
    ns: Object.keys(ENGLISH),
    resources: { en: ENGLISH, ...(language === 'en' ? {} : { [language]: catalogs }) },
    initAsync: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });
  return instance;
};

interface ConsoleLanguage {
  /** The language the words are in now. */
  language: Language;
  /** The person's choice, which `language` follows once its catalogs have arrived. */
  chosen: Language;
  setLanguage: (language: Language) => void;
  i18n: I18n;
}

/**
 * Outside the provider (the embedded builders reuse console parts such as ErrorNotice) the words
 * are English and there is no choice to make.
 */
const LanguageContext = createContext<ConsoleLanguage>({
  language: 'en',
  chosen: 'en',
  setLanguage: () => undefined,
  i18n: translatorFor('en', {}),
});

/** Renders its children in the chosen language; English while another language's catalogs load. */
export function I18nProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<Language>(initialLanguage);
  const [i18n, setI18n] = useState<{ language: Language; instance: I18n }>(() => ({ language: 'en', instance: translatorFor('en', {}) }));

  useEffect(() => {
    let current = true;
    void loadCatalogs(chosen)
      .catch(() => null)
      .then((catalogs) => {
        if (!current) return;
        const language = catalogs ? chosen : 'en';
        setI18n({ language, instance: translatorFor(language, catalogs ?? {}) });
      });
    return () => {
      current = false;
    };
  }, [chosen]);

  useEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);

  const setLanguage = useCallback((language: Language) => {
    storeLanguage(language);
    setChosen(language);
  }, []);

  const value = useMemo(() => ({ language: i18n.language, chosen, setLanguage, i18n: i18n.instance }), [i18n, chosen, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The translator of one catalog (`locales/<language>/<namespace>.json`): `t('key', { name })`. */
export const useT = (namespace: string): TFunction => {
  const { i18n, language } = useContext(LanguageContext);
  return useMemo(() => i18n.getFixedT(language, namespace), [i18n, language, namespace]);
};

/** The language the console speaks now and how to change it. */
export const useLanguage = (): Pick<ConsoleLanguage, 'language' | 'setLanguage'> => {
  const { language, setLanguage } = useContext(LanguageContext);
  return { language, setLanguage };
};

/** The choice of language, wherever the console offers it (its header, the sign-in page). */
export function LanguagePicker({ label }: { label: string }) {
  const { chosen, setLanguage } = useContext(LanguageContext);
  return (
    <label className="language-picker">
      <span className="visually-hidden">{label}</span>
      <select value={chosen} onChange={(event) => setLanguage(event.target.value as Language)} data-testid="language-picker">
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A translated sentence with elements inside it: each `{{name}}` of `text` (translated with
 * `skipInterpolation: true`) becomes `parts[name]`, so translators place the element where their
 * language wants it.
 */
export function Sentence({ text, parts }: { text: string; parts: Record<string, ReactNode> }) {
  const pieces = text.split(/\{\{\s*(\w+)\s*\}\}/);
  return <>{pieces.map((piece, index) => (index % 2 === 0 ? piece : <Fragment key={index}>{parts[piece] ?? piece}</Fragment>))}</>;
}
