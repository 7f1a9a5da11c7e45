import { Type, type Static, type TProperties, type TSchema } from 'typebox';
import { BULK_SEND_LIMITS } from '../domain/bulk-send.js';

/**
 * Schema building blocks. Every string, number and array carries explicit bounds: they are the
 * validation (AJV), the TypeScript types and the OpenAPI document at once.
 */

/** An object that rejects unknown fields (400 UNKNOWN_FIELD). */
export const Strict = <P extends TProperties>(properties: P, options: Record<string, unknown> = {}) =>
  Type.Object(properties, { additionalProperties: false, ...options });

export const Text = (maxLength: number, options: Record<string, unknown> = {}) => Type.String({ maxLength, ...options });

/** A required string whose absence or emptiness answers a dedicated error code instead of FIELD_REQUIRED. */
export const RequiredText = (maxLength: number, missingCode: string, options: Record<string, unknown> = {}) =>
  Type.String({ minLength: 1, maxLength, 'x-missing-code': missingCode, ...options });

export const Int = (minimum: number, maximum: number, options: Record<string, unknown> = {}) =>
  Type.Integer({ minimum, maximum, format: maximum > 2_147_483_647 ? 'int64' : 'int32', ...options });

export const Num = (minimum: number, maximum: number, options: Record<string, unknown> = {}) =>
  Type.Number({ minimum, maximum, ...options });

export const List = <T extends TSchema>(items: T, maxItems: number, options: Record<string, unknown> = {}) =>
  Type.Array(items, { maxItems, ...options });

export const Timestamp = (options: Record<string, unknown> = {}) => Type.String({ format: 'date-time', maxLength: 30, ...options });

export const Email = (options: Record<string, unknown> = {}) => Type.String({ format: 'email', maxLength: 320, ...options });

export const Id = (prefix: string, options: Record<string, unknown> = {}) =>
  Type.String({ maxLength: 64, pattern: `^${prefix}_[A-Za-z0-9_-]+$`, ...options });

/**
 * A scalar (string, number, integer or boolean) or null, as a JSON Schema type array rather than an
 * anyOf: fast-json-stringify writes it by checking the value's type, where an anyOf makes it try each
 * branch through AJV (a date-time format check for every nullable timestamp of every response).
 */
export const Nullable = <T extends TSchema & { type: string }>(schema: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'], ...options });

/** The contract's success shape: `{message, data}`. */
export const Ok = <T extends TSchema>(data: T, description = 'Success') => Type.Object({ message: Text(500), data }, { description });

const ErrorEntry = Type.Object({
  error_code: Text(64, { pattern: '^[A-Z0-9_]+$' }),
  developer_message: Text(2000),
  field: Type.Optional(Text(500)),
  row: Type.Optional(Int(1, 10_000, { description: 'The 1-based row of a bulk send the problem is in (in a CSV, data rows only)' })),
});

/**
 * The longest list of problems one answer can hold: a bulk send with `all_or_nothing` lists every
 * row's (at most 10 a row) after its summary. Other requests list one per bad part, bounded by what
 * they may hold (2,000 fields of an envelope, 2,000 tags or form fields of a document).
 */
const MAX_PROBLEMS = BULK_SEND_LIMITS.maxRows * BULK_SEND_LIMITS.maxProblemsPerRow + 1;

export const ErrorBody = Type.Object({
  message: Text(500),
  errors: List(ErrorEntry, MAX_PROBLEMS, { description: 'Every problem found, at once (a bulk send answers each row’s)' }),
  request_id: Type.Optional(Text(64)),
});

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: every problem is listed in `errors`',
  401: 'Missing, invalid or expired token, or a wrong `app_auth_type` header',
  403: 'Authenticated but not allowed (for example the monthly envelope quota is used up)',
  404: 'Unknown id, or an id that belongs to another account',
  409: 'The current state forbids the operation',
  410: 'The document was removed after delivery (`remove_signed_envelope`)',
  413: 'The body or a file is too large',
  415: 'Unsupported file or media type',
  422: 'The Idempotency-Key was used before with another body',
  423: "Locked out after too many failures (a signer's wrong codes, or failed sign-ins for an address): wait for `Retry-After` seconds",
  429: 'Rate limited: wait for `Retry-After` seconds',
  500: 'Internal error: quote `request_id` when reporting it',
};

/** Error responses of an operation, for its schema (and so its OpenAPI entry). */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, { ...ErrorBody, description: ERROR_DESCRIPTIONS[status] ?? 'Error' }]));
