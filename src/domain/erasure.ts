/**
 * The pure part of erasing a person (docs/operations/retention-and-erasure.md): which strings name them, and the text
 * with each replaced by its pseudonym. Pseudonyms are made elsewhere (a salted hash); here they are given.
 */
export interface Replacements {
  /** Exact values (names, IP addresses, user agents) and their pseudonyms. */
  values: ReadonlyMap<string, string>;
  /** The e-mail address, lower-cased, matched whatever its case. */
  email: string;
  emailPseudonym: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text with every occurrence of the e-mail (any case) and of each value (longest first) replaced. */
export const replaceInText = (text: string, replacements: Replacements): string => {
  let result = text.replace(new RegExp(escapeRegExp(replacements.email), 'gi'), replacements.emailPseudonym);
  const values = [...replacements.values.entries()].filter(([value]) => value.length > 0).sort(([a], [b]) => b.length - a.length);
  for (const [value, pseudonym] of values) result = result.split(value).join(pseudonym);
  return result;
};

/** Every string inside a JSON value replaced as `replaceInText` does; the shape is kept. */
export const replaceInJson = (value: unknown, replacements: Replacements): unknown => {
  if (typeof value === 'string') return replaceInText(value, replacements);
  if (Array.isArray(value)) return value.map((item) => replaceInJson(item, replacements));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceInJson(item, replacements)]));
  }
  return value;
};
