import type { operations } from '../../../clients/typescript/src/generated/openapi.js';

/**
 * The pages read the API's bodies from the types generated from the OpenAPI document for the typed
 * client (clients/typescript/src/generated/openapi.ts, `npm run generate:types`): one generated file
 * for both, never shapes written by hand. Type-only, so nothing of the client reaches the pages' bundles.
 */
export type OperationId = keyof operations;

type Responses<K extends OperationId> = operations[K]['responses'];
type SuccessContent<K extends OperationId> = Responses<K>[Extract<keyof Responses<K>, 200 | 201 | 202>] extends { content: infer C }
  ? C
  : never;
type RequestContent<K extends OperationId> = Exclude<operations[K]['requestBody'], undefined> extends { content: infer C } ? C : never;

/** The `data` of an operation's 2xx JSON answer. */
export type ApiData<K extends OperationId> = SuccessContent<K> extends { 'application/json': { data: infer D } } ? D : never;

/** The `message` of an operation's 2xx JSON answer (the operations that answer no `data`). */
export type ApiMessage<K extends OperationId> = SuccessContent<K> extends { 'application/json': { message: infer M } } ? M : never;

/** An operation's JSON request body. */
export type ApiBody<K extends OperationId> = RequestContent<K> extends { 'application/json': infer J } ? J : never;

/** One problem of an error answer (`{ message, errors: [...] }`, the same shape on every operation). */
export type ApiErrorItem = operations['getAccount']['responses']['4XX']['content']['application/json']['errors'][number];
