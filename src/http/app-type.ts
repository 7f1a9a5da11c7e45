import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { Caller } from '../app/context.js';
import { AppError } from '../domain/app-error.js';
import './fastify-augment.js';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression<RawServerDefault>,
  RawReplyDefaultExpression<RawServerDefault>,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** The authenticated caller of a `bearer` route (set by the access hook before the handler runs). */
export const callerOf = (request: { caller?: Caller }): Caller => {
  if (!request.caller) throw new AppError('INVALID_ACCESS_TOKEN', 'This operation needs an access token.');
  return request.caller;
};
