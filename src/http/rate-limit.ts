import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app/context.js';
import { AppError } from '../domain/app-error.js';
import { authenticationFailed } from './access-hook.js';
import type { App } from './app-type.js';
import { isDispatchedOperation } from './operation-dispatch.js';
import { openSharedRateLimitStore } from './shared-rate-limit-store.js';

/** Probes, the API document and the pages' immutable assets: cheap, and loaded many at a time by one page view. */
const UNLIMITED_ROUTES = new Set(['/healthz', '/readyz', '/openapi.json']);
const UNLIMITED_PREFIXES = ['/app/', '/docs'];

/**
 * The scrape, refused ones included: a scraper left with an old METRICS_TOKEN keeps its clear 401, and
 * guessing a long random token compared in constant time gets nowhere at any rate (docs/operations/metrics.md).
 */
const METRICS_ROUTE = '/metrics';

const unlimited = (request: FastifyRequest): boolean => {
  const route = request.routeOptions.url ?? '';
  // A tool call on /mcp was counted as that request: the API operation it runs is not counted again.
  if (route === METRICS_ROUTE || isDispatchedOperation(request)) return true;
  return !authenticationFailed(request) && (UNLIMITED_ROUTES.has(route) || UNLIMITED_PREFIXES.some((prefix) => route.startsWith(prefix)));
};

const CLIENT_KEY = 'client:';
const NAME_SPACE = 'countersign:rate:';

/**
 * The request budgets of docs/api/limits.md, a minute each:
 * - an authenticated request counts against its API client (RATE_LIMIT_PER_MINUTE): keyed by the
 *   client, not the token, so logging in again does not start a fresh budget;
 * - a request to a route that needs no token (login, refresh, the signing API and page, the verify
 *   page and upload), and any request whose authentication failed, counts against the client's
 *   address (RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE; IPv6 addresses by /64, as one host has them all).
 * The access hook runs first (an app-level onRequest hook; the plugin's are route-level), so the key
 * knows the caller; a failed authentication is answered after it was counted. Counters live in this
 * process, or in Redis when REDIS_URL is set so several processes share them (in this process again
 * while Redis cannot be reached).
 */
export const registerRateLimit = async (app: App, ctx: AppContext): Promise<{ close(): Promise<void> }> => {
  // Loaded only with REDIS_URL: a single process keeps its counters in memory.
  const shared = ctx.config.redisUrl ? await openSharedRateLimitStore(ctx.config.redisUrl, NAME_SPACE, ctx.logger) : undefined;
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    max: (_request, key) => (key.startsWith(CLIENT_KEY) ? ctx.config.rateLimitPerMinute : ctx.config.rateLimitUnauthenticatedPerMinute),
    timeWindow: 60_000,
    enableDraftSpec: true,
    ...(shared ? { store: shared.store } : {}),
    allowList: unlimited,
    keyGenerator: (request) => (request.caller ? `${CLIENT_KEY}${request.caller.clientId}` : `ip:${normalizeIP(request.ip)}`),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests: at most ${context.max} a minute. Retry in ${context.after}.`),
  });
  return { close: async () => shared?.close() };
};
