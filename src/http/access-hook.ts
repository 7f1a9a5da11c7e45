import type { FastifyRequest } from 'fastify';
import { authenticate } from '../app/auth/authenticate.js';
import type { AppContext } from '../app/context.js';
import { checkMetricsToken } from '../app/health/check-metrics-token.js';
import { AppError } from '../domain/app-error.js';
import type { App } from './app-type.js';
import type { RouteAccess } from './fastify-augment.js';
import { appendRouteHook } from './route-hooks.js';
import { errorResponses } from './schema-kit.js';

const APP_AUTH_TYPE = 'esign-oauth2';

const denied = Symbol('access-denied');
type Tagged = FastifyRequest & { [denied]?: AppError };

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const bearerToken = (header: string | undefined): string | undefined => (header === undefined ? undefined : BEARER.exec(header)?.[1]);

/**
 * The check of one route's `access`: the `app_auth_type` header (not asked of `access-token`), then
 * the token for `bearer` and `access-token`. A refusal is kept on the request rather than thrown:
 * the rate limiter counts it against the client's address first (docs/api/limits.md), then
 * `answerDeniedAccess` sends it.
 */
const checkAccess = (ctx: AppContext, access: Exclude<RouteAccess, 'public'>, adminOnly: boolean) => async (request: Tagged) => {
  try {
    // A scraper sends its bearer token and nothing of the API's conventions.
    if (access === 'metrics-token') return checkMetricsToken(ctx, bearerToken(request.headers.authorization));
    if (access !== 'access-token' && request.headers['app_auth_type'] !== APP_AUTH_TYPE) {
      throw new AppError('INVALID_AUTH_TYPE', `The app_auth_type header must be "${APP_AUTH_TYPE}".`);
    }
    if (access === 'bearer' || access === 'access-token')
      request.caller = await authenticate(ctx, bearerToken(request.headers.authorization));
    if (adminOnly && request.caller?.role !== 'admin') {
      throw new AppError('ROLE_FORBIDDEN', "Only an account's admins may do this; this token is a sender's.");
    }
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

const ADMIN_ONLY_NOTE =
  '**Admin only**: a console token of a `sender` user gets 403 `ROLE_FORBIDDEN` (API clients act as admins; docs/api/people.md).';

/** An admin-only operation says so in its OpenAPI entry, from the same route option the check reads. */
const documentAdminOnly = (schema: { description?: string; response?: unknown } | undefined) => {
  // A GET's HEAD twin arrives with the same schema object.
  if (!schema || schema.description?.includes(ADMIN_ONLY_NOTE)) return;
  schema.description = schema.description ? `${schema.description}\n\n${ADMIN_ONLY_NOTE}` : ADMIN_ONLY_NOTE;
  if (schema.response && typeof schema.response === 'object') schema.response = { ...errorResponses(403), ...schema.response };
};

/** The security requirement of each access but the document's default (`bearer`). */
const DOCUMENTED_SECURITY: Record<Exclude<RouteAccess, 'bearer'>, unknown[]> = {
  public: [],
  'app-type': [{ appAuthType: [] }],
  'access-token': [{ bearerAuth: [] }],
  'metrics-token': [{ metricsToken: [] }],
};

/**
 * What the OpenAPI entry tells a caller to send, from the same access the check enforces: the
 * document's default (bearer token and `app_auth_type`) unless the route asks for less. A route may
 * still name its own scheme (the console's session cookie). A public operation says so in `x-access`.
 */
const documentAccess = (schema: { security?: unknown; 'x-access'?: RouteAccess } | undefined, access: RouteAccess) => {
  if (!schema || access === 'bearer') return;
  // Marks the operations whose credential is a token in their URL or body, or none (.spectral.yaml reads it).
  if (access === 'public') schema['x-access'] = access;
  schema.security ??= DOCUMENTED_SECURITY[access];
};

/** What one route asks of its caller, as the access hook settled it when the route was registered. */
export interface RouteAccessRule {
  method: string;
  url: string;
  access: RouteAccess;
  adminOnly: boolean;
}

/**
 * Enforces each route's `access` (see RouteAccess) and `role`. API routes need a token unless they say
 * otherwise; pages and documents outside /api are public. The access is settled when the route is
 * registered, so public routes run no check at all. Registered before the rate limiter, whose route
 * hook must come after this one: it keys an authenticated request by its API client. Answers the rule
 * of every route it sees registered, so that the policy can be read back whole (the router's own
 * listing shows no route options): tests hold the admin-only routes to the contract with it.
 */
export const registerAccessControl = (app: App, ctx: AppContext): readonly RouteAccessRule[] => {
  const rules: RouteAccessRule[] = [];
  app.addHook('onRoute', (route) => {
    const access = route.config?.access ?? (route.url.startsWith('/api/') ? 'bearer' : 'public');
    const adminOnly = route.config?.role === 'admin';
    for (const method of [route.method].flat()) rules.push({ method, url: route.url, access, adminOnly });
    if (adminOnly) documentAdminOnly(route.schema as Parameters<typeof documentAdminOnly>[0]);
    documentAccess(route.schema as Parameters<typeof documentAccess>[0], access);
    if (access === 'public') return;
    appendRouteHook(route, 'onRequest', checkAccess(ctx, access, adminOnly));
    appendRouteHook(route, 'preParsing', answerDeniedAccess);
  });
  return rules;
};
