import { Type } from 'typebox';
import type { AppContext } from '../../app/context.js';
import { checkReadiness } from '../../app/health/check-readiness.js';
import type { App } from '../app-type.js';
import { Example } from '../openapi-examples.js';

const Status = Type.Object({ status: Type.String({ enum: ['ok', 'unavailable'], maxLength: 16 }) });
const common = { tags: ['Service'], security: [] };

export const healthRoutes = (app: App, ctx: AppContext) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        ...common,
        operationId: 'getHealth',
        summary: 'Liveness: the process answers',
        response: { 200: Example(Status, { status: 'ok' }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/readyz',
    {
      config: { access: 'public' },
      schema: {
        ...common,
        operationId: 'getReadiness',
        summary: 'Readiness: the database answers and every migration is applied',
        response: {
          200: Example(Status, { status: 'ok' }),
          503: Example({ ...Status, description: 'Not ready' }, { status: 'unavailable' }),
        },
      },
    },
    async (_request, reply) =>
      (await checkReadiness(ctx)) ? { status: 'ok' as const } : reply.status(503).send({ status: 'unavailable' as const }),
  );
};
