import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { AppContext } from '../app/context.js';
import { AppError } from '../domain/app-error.js';
import type { App } from './app-type.js';

const UNLIMITED_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Requests per minute per access token (per client address where there is no token), API.md §10.
 * Counters live in this process, or in Redis when REDIS_URL is set so several processes share them.
 */
export const registerRateLimit = async (app: App, ctx: AppContext): Promise<{ close(): Promise<void> }> => {
  const redis = ctx.config.redisUrl
    ? new Redis(ctx.config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false })
    : undefined;
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    max: ctx.config.rateLimitPerMinute,
    timeWindow: 60_000,
    enableDraftSpec: true,
    nameSpace: 'countersign:rate:',
    ...(redis ? { redis } : {}),
    allowList: (request) => UNLIMITED_PATHS.has(request.url.split('?')[0] ?? ''),
    keyGenerator: (request) => (request.caller ? `token:${request.caller.tokenHash}` : `ip:${request.ip}`),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests: at most ${context.max} a minute. Retry in ${context.after}.`),
  });
  return { close: async () => void redis?.disconnect() };
};
