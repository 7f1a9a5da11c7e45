import type { FastifyRequest } from 'fastify';
import { AppError } from '../domain/app-error.js';

/**
 * U+0000 in text: PostgreSQL's text columns cannot hold it (SQLite's can), so a stray NUL would be a
 * 500 on one database and stored on the other. No field of the API has a use for it: it is refused
 * at the door, as 400, on both.
 */
const nulInText = () => new AppError('INVALID_REQUEST', 'Text may not contain the NUL character (U+0000, %00).');

/** A `\u0000` escape in JSON text (an escaped backslash before `u0000` is not one). Raw NULs are invalid JSON already. */
const NUL_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\u0000/i;

/** An escaped UTF-16 surrogate: only then can the parsed text hold one left unpaired. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F][0-9a-fA-F]{2}/;
/** With the `u` flag only an unpaired surrogate is a code point of category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

const hasLoneSurrogate = (value: unknown): boolean => {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, v]) => LONE_SURROGATE.test(key) || hasLoneSurrogate(v));
  return false;
};

const parsedOrUndefined = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Text that PostgreSQL cannot hold as it was sent: NUL, and (in its JSON functions) an unpaired UTF-16
 * surrogate, which is not Unicode text at all. Refused at the door, as 400, on both databases.
 */
export const assertNoNulInJson = (text: string): void => {
  if (text.includes('\\u0000') && NUL_ESCAPE.test(text)) throw nulInText();
  if (SURROGATE_ESCAPE.test(text) && hasLoneSurrogate(parsedOrUndefined(text))) {
    throw new AppError('INVALID_REQUEST', 'Text may not contain an unpaired UTF-16 surrogate (a lone \\uD800–\\uDFFF escape).');
  }
};

const hasNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : Array.isArray(value) ? value.some(hasNul) : false;

/** A preValidation hook: path parameters and the query string, decoded. */
export const refuseNulInPathAndQuery = async (request: FastifyRequest) => {
  const values = [...Object.values((request.params ?? {}) as object), ...Object.values((request.query ?? {}) as object)];
  if (values.some(hasNul)) throw nulInText();
};
