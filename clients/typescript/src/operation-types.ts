import type { operations as Operations } from './generated/openapi.js';
import type { operations as operationTable } from './generated/operations.js';

/** An operation's name, as its operationId in the OpenAPI document. */
export type OperationId = keyof Operations & keyof typeof operationTable;

type Defined<T> = Exclude<T, undefined>;
type IsNever<T> = [T] extends [never] ? true : false;
type Parameters<K extends OperationId> = Operations[K]['parameters'];

type PathInput<K extends OperationId> = IsNever<Defined<Parameters<K>['path']>> extends true ? unknown : Defined<Parameters<K>['path']>;

type QueryInput<K extends OperationId> =
  IsNever<Defined<Parameters<K>['query']>> extends true
    ? unknown
    : object extends Defined<Parameters<K>['query']>
      ? { query?: Defined<Parameters<K>['query']> }
      : { query: Defined<Parameters<K>['query']> };

type RequestContent<K extends OperationId> = Defined<Operations[K]['requestBody']> extends { content: infer C } ? C : never;
type BodyOf<C> =
  (C extends { 'application/json': infer J } ? J : never) | (C extends { 'multipart/form-data': unknown } ? FormData : never);

type BodyInput<K extends OperationId> =
  IsNever<RequestContent<K>> extends true
    ? unknown
    : undefined extends Operations[K]['requestBody']
      ? { body?: BodyOf<RequestContent<K>> }
      : { body: BodyOf<RequestContent<K>> };

/**
 * What a method takes: the path parameters by name (`envelopeId`, …), `query` for the query string and
 * `body` for the request body (a JSON value, or FormData where the operation takes multipart/form-data).
 */
export type OperationInput<K extends OperationId> = PathInput<K> & QueryInput<K> & BodyInput<K>;

type Responses<K extends OperationId> = Operations[K]['responses'];
type SuccessStatus<K extends OperationId> = Extract<keyof Responses<K>, 200 | 201 | 202 | 204>;
type SuccessContent<K extends OperationId> = Responses<K>[SuccessStatus<K>] extends { content: infer C } ? C : never;
type Unwrapped<J> = J extends { data: infer D } ? D : J;

/** What a method resolves to: the `data` of the JSON answer (`{message, data}` unwrapped). */
export type OperationData<K extends OperationId> = SuccessContent<K> extends { 'application/json': infer J } ? Unwrapped<J> : never;

type AnswersPdf<K extends OperationId> = SuccessContent<K> extends { 'application/pdf': unknown } ? true : false;
type AnswersJson<K extends OperationId> = SuccessContent<K> extends { 'application/json': unknown } ? true : false;

export interface RequestOptions {
  /** Aborts the request (a login or refresh it waits for goes on: other calls share it). */
  signal?: AbortSignal;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/** Operations that create something (POST answering 201) take an Idempotency-Key. */
export type OperationOptions<K extends OperationId> = RequestOptions &
  ((typeof operationTable)[K]['creates'] extends true
    ? {
        /** Sent as the Idempotency-Key header: a replay within 24 h returns the first answer and creates nothing. */
        idempotencyKey?: string;
      }
    : unknown);

type Call<K extends OperationId, Options, Result> =
  object extends OperationInput<K>
    ? (input?: OperationInput<K>, options?: Options) => Promise<Result>
    : (input: OperationInput<K>, options?: Options) => Promise<Result>;

/** The raw PDF: `accept` must be given, so a call without it keeps resolving to the JSON `data`. */
type PdfCall<K extends OperationId> =
  object extends OperationInput<K>
    ? (input: OperationInput<K> | undefined, options: OperationOptions<K> & { accept: 'application/pdf' }) => Promise<Pdf>
    : (input: OperationInput<K>, options: OperationOptions<K> & { accept: 'application/pdf' }) => Promise<Pdf>;

/** A PDF's bytes, as the service sent them. */
export type Pdf = Uint8Array<ArrayBuffer>;

/**
 * One operation as a method. Where the operation can answer a raw PDF, `{ accept: 'application/pdf' }`
 * resolves to its bytes instead of the JSON `data`; an operation that answers only a PDF always does.
 */
export type OperationMethod<K extends OperationId> =
  AnswersPdf<K> extends true
    ? AnswersJson<K> extends true
      ? PdfCall<K> & Call<K, OperationOptions<K> & { accept?: 'application/json' }, OperationData<K>>
      : Call<K, OperationOptions<K>, Pdf>
    : Call<K, OperationOptions<K>, OperationData<K>>;

/** One method per operation of the API. */
export type OperationMethods = { [K in OperationId]: OperationMethod<K> };

type Pagination<K extends OperationId> = (typeof operationTable)[K] extends { pagination: unknown } ? K : never;

/** The list operations: those that page (by `page` or by `cursor`). */
export type PagedOperationId = { [K in OperationId]: Pagination<K> }[OperationId];

/** Each list operation as an async iterator over its pages (each page's `data`), from the input's page on. */
export type Paginators = {
  [K in PagedOperationId]: object extends OperationInput<K>
    ? (input?: OperationInput<K>, options?: RequestOptions) => AsyncIterableIterator<OperationData<K>>
    : (input: OperationInput<K>, options?: RequestOptions) => AsyncIterableIterator<OperationData<K>>;
};
