import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { LANGUAGES } from '../../../src/domain/language.js';

/**
 * The console's catalogs (web/src/console/locales/<language>/<namespace>.json): every language has
 * every namespace and every key of English, nothing else, nothing empty, and the same placeholders.
 * A counted key carries the plural forms of its own language (Intl.PluralRules: ja has only `_other`,
 * fr/es/pt also `_many`), never another language's.
 */
const LOCALES = new URL('../../../web/src/console/locales/', import.meta.url);

type Catalog = { [key: string]: string | Catalog };

const readCatalog = (language: string, namespace: string): Catalog =>
  JSON.parse(readFileSync(new URL(`${language}/${namespace}.json`, LOCALES), 'utf8')) as Catalog;

const flatten = (catalog: Catalog, prefix = ''): Map<string, string> => {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    if (typeof value === 'string') entries.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) entries.set(inner, text);
  }
  return entries;
};

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Keys with their plural suffix taken off, each with the suffixes it has. */
const byBaseKey = (entries: Map<string, string>): Map<string, Set<string>> => {
  const bases = new Map<string, Set<string>>();
  for (const key of entries.keys()) {
    const match = PLURAL.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    const forms = bases.get(base) ?? new Set<string>();
    if (match) forms.add(match[1]!);
    bases.set(base, forms);
  }
  return bases;
};

/** `{{name}}` and `{{count, number}}` both name the placeholder before any format. */
const placeholders = (text: string): string[] =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]!))].sort();

const NAMESPACES = readdirSync(new URL('en/', LOCALES))
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.slice(0, -'.json'.length))
  .sort();

describe('the console catalogs', () => {
  it('has the namespaces of the console in English', () => {
    for (const namespace of ['common', 'envelopes', 'settings', 'templates']) assert.ok(NAMESPACES.includes(namespace), namespace);
  });

  for (const language of LANGUAGES) {
    it(`has exactly the English namespaces in ${language}`, () => {
      const files = readdirSync(new URL(`${language}/`, LOCALES))
        .filter((file) => file.endsWith('.json'))
        .map((file) => file.slice(0, -'.json'.length))
        .sort();
      assert.deepEqual(files, NAMESPACES);
    });
  }

  for (const namespace of NAMESPACES) {
    const english = flatten(readCatalog('en', namespace));
    const englishBases = byBaseKey(english);

    for (const language of LANGUAGES) {
      describe(`${language}/${namespace}.json`, () => {
        const entries = flatten(readCatalog(language, namespace));
        const bases = byBaseKey(entries);
        const pluralForms = new Set(new Intl.PluralRules(language).resolvedOptions().pluralCategories);

        it('has the keys of English, and no other', () => {
          assert.deepEqual([...bases.keys()].sort(), [...englishBases.keys()].sort());
        });

        it('words every counted key in exactly the plural forms of the language, and nothing else is counted', () => {
          for (const [base, forms] of englishBases) {
            const own = bases.get(base);
            if (!own) continue;
            if (forms.size === 0) assert.equal(own.size, 0, `${base} is not counted in English`);
            else assert.deepEqual([...own].sort(), [...pluralForms].sort(), `${base}: the plural forms of ${language}`);
          }
        });

        it('has no empty words', () => {
          for (const [key, text] of entries) assert.ok(text.trim().length > 0, `${key} is empty`);
        });

        it('uses the placeholders of the English words', () => {
          for (const [key, text] of entries) {
            const match = PLURAL.exec(key);
            const base = match ? key.slice(0, match.index) : key;
            const source = english.get(key) ?? english.get(`${base}_other`) ?? english.get(base);
            assert.ok(source !== undefined, `${key} has English words`);
            assert.deepEqual(placeholders(text), placeholders(source), `${key}: placeholders`);
          }
        });
      });
    }
  }
});
