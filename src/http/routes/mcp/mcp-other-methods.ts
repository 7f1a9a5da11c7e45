import { AppError } from '../../../domain/app-error.js';
import type { App } from '../../app-type.js';

/**
 * GET and DELETE /mcp: a stateful server opens an event stream or ends a session with them; this one
 * keeps neither, and answers 405 as the protocol asks, which MCP clients read as "no stream".
 */
export const mcpOtherMethodsRoute = (app: App) =>
  app.route({
    method: ['GET', 'DELETE'],
    url: '/mcp',
    config: { access: 'access-token' },
    schema: { hide: true },
    handler: async (_request, reply) => {
      reply.header('allow', 'POST');
      throw new AppError('METHOD_NOT_ALLOWED', 'The MCP endpoint takes POST only: it keeps no sessions and opens no event stream.');
    },
  });
