import type { FastifyRequest, InjectOptions } from 'fastify';
import { isInjection } from 'light-my-request';
import type { App } from './app-type.js';

/** One API operation: its method, its path below /api/v2.0 (parameters already encoded), its JSON body. */
export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** The operation's answer as a client of the API would read it. */
export interface OperationAnswer {
  status: number;
  body: unknown;
}

/**
 * Runs one API operation on behalf of a request that came in another way (a tool call on /mcp), through
 * the router with that request's own bearer token, address and user agent: the operation validates,
 * checks the role, keeps accounts apart, writes the ledger and answers its error codes exactly as when
 * called directly. The outer request was counted by the rate limiter already, so the operation is not
 * counted again (`isDispatchedOperation`). Logs show both under the outer request's id.
 */
export const dispatchOperation = async (app: App, from: FastifyRequest, operation: Operation): Promise<OperationAnswer> => {
  const options: InjectOptions = {
    method: operation.method,
    url: `/api/v2.0${operation.path}`,
    remoteAddress: from.ip,
    headers: {
      authorization: from.headers.authorization ?? '',
      app_auth_type: 'esign-oauth2',
      accept: 'application/json',
      'x-request-id': from.id,
      'user-agent': from.headers['user-agent'],
      ...(operation.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(operation.body === undefined ? {} : { payload: JSON.stringify(operation.body) }),
  };
  const response = await app.inject(options);
  return { status: response.statusCode, body: JSON.parse(response.body) as unknown };
};

/**
 * The request is an operation `dispatchOperation` runs: only an in-process injection makes such a request,
 * and no client can. (Not an AsyncLocalStorage: on Node 20 one turns on promise hooks for every request.)
 */
export const isDispatchedOperation = (request: FastifyRequest): boolean => isInjection(request.raw);
