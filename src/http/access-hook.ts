import type { FastifyRequest } from 'fastify';
import { authenticate } from '../app/auth/authenticate.js';
import type { AppContext } from '../app/context.js';
import { AppError } from '../domain/app-error.js';

const APP_AUTH_TYPE = 'esign-oauth2';

const denied = Symbol('access-denied');
type Tagged = FastifyRequest & { [denied]?: AppError };

const bearerToken = (header: string | undefined): string | undefined => {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
};

/**
 * Enforces each route's `access` (see RouteAccess): the `app_auth_type` header, then the bearer token.
 * A refusal is kept on the request rather than thrown: the rate limiter counts it against the
 * client's address first (API.md §10), then `answerDeniedAccess` sends it.
 */
export const accessHook = (ctx: AppContext) => async (request: Tagged) => {
  if (request.is404) return;
  // API routes need a token unless they say otherwise; pages and documents outside /api are public.
  const access = request.routeOptions.config.access ?? (request.routeOptions.url?.startsWith('/api/') ? 'bearer' : 'public');
  if (access === 'public') return;
  try {
    if (request.headers['app_auth_type'] !== APP_AUTH_TYPE) {
      throw new AppError('INVALID_AUTH_TYPE', `The app_auth_type header must be "${APP_AUTH_TYPE}".`);
    }
    if (access === 'bearer') request.caller = await authenticate(ctx, bearerToken(request.headers.authorization));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    request[denied] = error;
  }
};

export const authenticationFailed = (request: FastifyRequest): boolean => (request as Tagged)[denied] !== undefined;

/** A preParsing hook: answers a refused request once the rate limiter has counted it, before any body is read. */
export const answerDeniedAccess = async (request: Tagged, _reply: unknown, payload: unknown) => {
  const error = request[denied];
  if (error) throw error;
  return payload;
};
