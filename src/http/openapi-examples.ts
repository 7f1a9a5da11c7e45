import type { Static, TSchema } from 'typebox';
import type { ErrorCode } from '../domain/app-error.js';
import { statusOfCode } from './errors.js';
import { errorResponses } from './schema-kit.js';

/**
 * Examples for the OpenAPI document, declared by each route next to the schemas they illustrate.
 * @fastify/swagger writes a body's or a response's top-level `examples` as the media type's `example`
 * and its `x-examples` as the media type's `examples`; openapi.ts does the same for schemas declared
 * per media type (`content: {…}`), which @fastify/swagger passes through untouched.
 * test/api/openapi-examples.test.ts holds every operation to a request example (JSON bodies), a 2xx
 * example and an error example, and validates each against its schema.
 */

/** The same schema with more keywords, keeping TypeBox's own markers (not enumerable, so a spread would drop them). */
const annotated = <T extends object>(schema: T, keywords: Record<string, unknown>): T =>
  Object.assign(Object.create(Object.getPrototypeOf(schema) as object | null, Object.getOwnPropertyDescriptors(schema)) as T, keywords);

/** The schema with one example of its value: typed by the schema, so the compiler catches a missing or mistyped field. */
export const Example = <T extends TSchema>(schema: T, example: Static<T>): T => annotated(schema, { examples: [example] });

/**
 * For bytes (a PDF answered, a multipart upload) the real value cannot be shown: the example is an OpenAPI
 * Example Object whose summary and description say what travels, and whose value is a stand-in of the
 * schema's shape (the first bytes of a PDF, a form whose `file` part holds them).
 */
export const BytesExample = <T extends object>(schema: T, summary: string, description: string, standIn: unknown): T =>
  annotated(schema, { 'x-examples': { bytes: { summary, description, value: standIn } } });

/**
 * The error response of `code`'s status with an example body in the contract's error shape. The code
 * decides the status through the table the answers themselves use, so the example cannot name a code
 * under a status that never carries it. `message` is the top-level message when it differs from the
 * developer message (a schema problem's answer says "The request is invalid.").
 */
export const errorExample = (code: ErrorCode, developerMessage: string, options: { field?: string; message?: string } = {}) => {
  const status = statusOfCode(code);
  const entry = { error_code: code, developer_message: developerMessage, ...(options.field ? { field: options.field } : {}) };
  return {
    [status]: annotated(errorResponses(status)[status] as object, {
      examples: [{ message: options.message ?? developerMessage, errors: [entry] }],
    }),
  };
};
