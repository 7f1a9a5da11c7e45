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

export const assertNoNulInJson = (text: string): void => {
  if (text.includes('\\u0000') && NUL_ESCAPE.test(text)) throw nulInText();
};

const hasNul = (value: unknown): boolean =>
  typeof value === 'string' ? value.includes('\u0000') : Array.isArray(value) ? value.some(hasNul) : false;

/** A preValidation hook: path parameters and the query string, decoded. */
export const refuseNulInPathAndQuery = async (request: FastifyRequest) => {
  const values = [...Object.values((request.params ?? {}) as object), ...Object.values((request.query ?? {}) as object)];
  if (values.some(hasNul)) throw nulInText();
};
