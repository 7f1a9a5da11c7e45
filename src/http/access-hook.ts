import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../app/auth/authenticate.js';
import type { AppContext } from '../app/context.js';
import { AppError } from '../domain/app-error.js';

const APP_AUTH_TYPE = 'esign-oauth2';

const bearerToken = (header: string | undefined): string | undefined => {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
};

/** Enforces each route's `access` (see RouteAccess): the `app_auth_type` header, then the bearer token. */
export const accessHook = (ctx: AppContext) => async (request: FastifyRequest, _reply: FastifyReply) => {
  if (request.is404) return;
  // API routes need a token unless they say otherwise; pages and documents outside /api are public.
  const access = request.routeOptions.config.access ?? (request.routeOptions.url?.startsWith('/api/') ? 'bearer' : 'public');
  if (access === 'public') return;
  if (request.headers['app_auth_type'] !== APP_AUTH_TYPE) {
    throw new AppError('INVALID_AUTH_TYPE', `The app_auth_type header must be "${APP_AUTH_TYPE}".`);
  }
  if (access === 'bearer') request.caller = await authenticate(ctx, bearerToken(request.headers.authorization));
};
