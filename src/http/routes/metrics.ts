import { Type } from 'typebox';
import type { AppContext } from '../../app/context.js';
import type { App } from '../app-type.js';
import { Example, errorExample } from '../openapi-examples.js';

const SCRAPE_EXAMPLE = `# HELP countersign_envelopes_created_total Envelopes created and sent.
# TYPE countersign_envelopes_created_total counter
countersign_envelopes_created_total 42
`;

/**
 * The Prometheus scrape (docs/operations/metrics.md): outside /api and every rate limit, public
 * unless METRICS_TOKEN is set, when the access hook asks for it as a bearer token.
 */
export const metricsRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/metrics',
    {
      config: { access: ctx.config.metricsToken ? 'metrics-token' : 'public' },
      schema: {
        tags: ['Service'],
        operationId: 'getMetrics',
        summary: 'Prometheus metrics, in the text exposition format',
        description:
          'Requests by route and status with their latency, envelopes created and completed, seal durations, the job queue by kind, webhook deliveries, mail and SMS sends, the PDF workers, the database pool, memory and event-loop lag. Never rate limited. While the operator has set `METRICS_TOKEN`, a scrape without it as its bearer token answers 401 `INVALID_ACCESS_TOKEN`.',
        response: {
          200: {
            description: 'Every metric, the gauges read at the time of the scrape',
            content: { 'text/plain': { schema: Example(Type.String({ maxLength: 10_000_000 }), SCRAPE_EXAMPLE) } },
          },
          ...errorExample('INVALID_ACCESS_TOKEN', 'The metrics token is missing or wrong: send METRICS_TOKEN as a bearer token.'),
        },
      },
    },
    async (_request, reply) => {
      const text = await ctx.metrics.render();
      return reply.type(ctx.metrics.contentType).send(text);
    },
  );
