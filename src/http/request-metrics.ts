import type { AppContext } from '../app/context.js';
import type { App } from './app-type.js';

/** The one label of every request no route matched: a requested path would make a series per path, and paths carry tokens. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Each answered request observed once, under its route's pattern (`/api/v2.0/envelopes/:envelopeId/details`)
 * and never its path: the one cost every request pays for the metrics, so nothing else is done here.
 */
export const registerRequestMetrics = (app: App, ctx: AppContext): void => {
  const duration = ctx.metrics.httpRequestDuration;
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
};
