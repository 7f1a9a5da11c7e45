import type { FastifyRequest } from 'fastify';
import { authenticate } from '../app/auth/authenticate.js';
import type { AppContext } from '../app/context.js';
import { AppError } from '../domain/app-error.js';
import type { App } from './app-type.js';
import type { RouteAccess } from './fastify-augment.js';
import { appendRouteHook } from './route-hooks.js';

const APP_AUTH_TYPE = 'esign-oauth2';

const denied = Symbol('access-denied');
type Tagged = FastifyRequest & { [denied]?: AppError };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const bearerToken = (header: string | undefined): string | undefined => (header === undefined ? undefined : BEARER.exec(header)?.[1]);

/**
 * The check of one route's `access`: the `app_auth_type` header, then for `bearer` the token. A
 * refusal is kept on the request rather than thrown: the rate limiter counts it against the client's
 * address first (API.md §10), then `answerDeniedAccess` sends it.
 */
const checkAccess = (ctx: AppContext, access: Exclude<RouteAccess, 'public'>) => async (request: Tagged) => {
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

/** Answers a refused request once the rate limiter has counted it, before any body is read. */
const answerDeniedAccess = async (request: Tagged, _reply: unknown, payload: unknown) => {
  const error = request[denied];
  if (error) throw error;
  return payload;
};

/**
 * Enforces each route's `access` (see RouteAccess). API routes need a token unless they say otherwise;
 * pages and documents outside /api are public. The access is settled when the route is registered, so
 * public routes run no check at all. Registered before the rate limiter, whose route hook must come
 * after this one: it keys an authenticated request by its API client.
 */
export const registerAccessControl = (app: App, ctx: AppContext) => {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access ?? (route.url.startsWith('/api/') ? 'bearer' : 'public');
    if (access === 'public') return;
    appendRouteHook(route, 'onRequest', checkAccess(ctx, access));
    appendRouteHook(route, 'preParsing', answerDeniedAccess);
  });
};
