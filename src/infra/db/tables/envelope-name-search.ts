import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../database.js';
import { isPostgres } from '../lock-for-update.js';

/**
 * `name_contains` for an envelope row `e`: the term as a literal substring of the name, letter case
 * aside (as each database's lower() folds it). The exact test, run on candidates only: neither
 * database can use an index for it, which is the point (see nameCandidates).
 */
export const nameContains = (db: Db, name: string): RawBuilder<unknown> =>
  isPostgres(db) ? sql`strpos(lower(e.name), lower(${name})) > 0` : sql`instr(lower(e.name), lower(${name})) > 0`;

/** LIKE treats `%`, `_` and the escape character specially. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The trigrams that start at every third character of `text`, and its last: every string containing `text` holds them all. */
const sparseTrigrams = (text: string): string[] => {
  const chars = [...text];
  if (chars.length < 3) return [];
  const starts = Array.from({ length: Math.floor(chars.length / 3) }, (_, k) => 3 * k);
  if (chars.length % 3) starts.push(chars.length - 3);
  return starts.map((start) => chars.slice(start, start + 3).join(''));
};

/** The term's runs of letters and digits, as code points, with the character just before and after each in the term. */
const wordsOf = (text: string) => {
  const chars = [...text];
  const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  const words: { word: string[]; before: string; after: string }[] = [];
  for (let start = 0; start < chars.length; start++) {
    if (!isWordChar(chars[start])) continue;
    let end = start;
    while (isWordChar(chars[end])) end++;
    words.push({ word: chars.slice(start, end), before: chars[start - 1] ?? '', after: chars[end] ?? '' });
    start = end;
  }
  return words;
};

/**
 * Where the names containing the term are, by index: a superset that nameContains then narrows.
 * Reading a few trigrams' row lists instead of all of them is what keeps a search of a million
 * names in milliseconds; a common term still reads as many rows as hold it.
 * - SQLite: FTS5 (trigram tokenizer, case-folded, row ids only) holds every name; the query asks for
 *   rows with all the sparse trigrams of the term.
 * - PostgreSQL: pg_trgm indexes the trigrams of each word (letters and digits), padded at its ends, so
 *   the sparse trigrams are taken within the term's longer words, and a word of one or two characters
 *   is asked for with the separators beside it in the term, from which pg_trgm derives its padded
 *   trigrams; each is a LIKE the GIN index answers.
 * Undefined when the term has no trigram to look up (under three characters, or no word to look for).
 */
export const nameCandidates = (db: Db, name: string): { from: RawBuilder<unknown>; where: RawBuilder<unknown>[] } | undefined => {
  if (isPostgres(db)) {
    const parts = wordsOf(name).flatMap(({ word, before, after }) =>
      word.length >= 3 ? sparseTrigrams(word.join('')) : before || after ? [before + word.join('') + after] : [],
    );
    if (!parts.length) return undefined;
    return {
      from: sql`envelopes as e`,
      where: parts.map((part) => sql`lower(e.name) like lower(${`%${likeLiteral(part)}%`}) escape '\\'`),
    };
  }
  const trigrams = sparseTrigrams(name);
  if (!trigrams.length) return undefined;
  const query = trigrams.map((trigram) => `"${trigram.replace(/"/g, '""')}"`).join(' AND ');
  return {
    from: sql`(select k.envelope_id from envelope_name_trigrams cross join envelope_name_keys as k
      where envelope_name_trigrams match ${query} and k.key = envelope_name_trigrams.rowid) as d cross join envelopes as e`,
    where: [sql`e.id = d.envelope_id`],
  };
};
