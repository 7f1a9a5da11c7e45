import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Logger } from 'pino';

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

// The plugin's own stores, so counting with and without Redis stays exactly the plugin's; they are CommonJS without typings.
const pluginStores = createRequire(import.meta.url);
const LocalStore = pluginStores('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => FastifyRateLimitStore;
const RedisStore = pluginStores('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: unknown,
  key: string,
) => FastifyRateLimitStore;

/**
 * The longest a counter update may wait for Redis before the request is counted in this process
 * instead: Redis answers in well under a millisecond, so a wait this long is a Redis that is gone.
 */
const COMMAND_TIMEOUT_MS = 1_000;

/** Logs the start of an outage once (however many requests meet it, however often the client reconnects) and its end once. */
class RedisOutageLog {
  #down = false;

  constructor(private readonly logger: Logger) {}

  failed(error: unknown): void {
    if (this.#down) return;
    this.#down = true;
    // The code and message only: an ioredis error may carry the command and its arguments.
    const reason = { code: (error as { code?: unknown }).code, message: error instanceof Error ? error.message : String(error) };
    this.logger.warn({ reason }, 'Redis cannot be reached; rate limits are counted in each process until it answers again');
  }

  answered(): void {
    if (!this.#down) return;
    this.#down = false;
    this.logger.info('Redis answers again; rate limits are shared again');
  }
}

/**
 * Rate-limit counters in Redis (REDIS_URL), shared by every process, that fall back to this
 * process's own counters while Redis cannot be reached: a request is never refused, nor held, for
 * want of a counter (docs/operations/scaling.md). The client neither queues commands while
 * disconnected nor retries them, and gives up on an unanswered one after COMMAND_TIMEOUT_MS; it
 * reconnects by itself, and counting moves back to Redis as soon as it is ready.
 */
export const openSharedRateLimitStore = async (
  redisUrl: string,
  nameSpace: string,
  logger: Logger,
): Promise<{ store: FastifyRateLimitStoreCtor; close(): void }> => {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: COMMAND_TIMEOUT_MS });
  const outage = new RedisOutageLog(logger);
  let closing = false;
  // Unheard, ioredis prints every failed reconnection to the console.
  redis.on('error', (error: unknown) => outage.failed(error));
  redis.on('close', () => closing || outage.failed(new Error('Connection closed')));
  redis.on('ready', () => outage.answered());
  // Shared from the first request when Redis is there; a start never waits long for one that is not.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, COMMAND_TIMEOUT_MS);
    const settle = () => {
      clearTimeout(timer);
      resolve();
    };
    redis.once('ready', settle).once('error', settle);
  });

  const fallingBack = (shared: FastifyRateLimitStore, local: FastifyRateLimitStore): FastifyRateLimitStore => ({
    incr: (key: string, callback: StoreCallback, timeWindow: number, max: number) => {
      if (redis.status !== 'ready') return local.incr(key, callback, timeWindow, max);
      shared.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          outage.failed(error);
          local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    },
    child: (routeOptions: RouteOptions) => fallingBack(shared.child(routeOptions), local.child(routeOptions)),
  });

  const store = fallingBack(new RedisStore(false, false, redis, nameSpace), new LocalStore(false, false));
  return {
    // The plugin constructs its store; this one is made already.
    store: function SharedRateLimitStore() {
      return store;
    } as unknown as FastifyRateLimitStoreCtor,
    close: () => {
      closing = true;
      redis.disconnect();
    },
  };
};
