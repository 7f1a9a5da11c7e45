import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../app/context.js';
import { AppError } from '../../../domain/app-error.js';
import type { App } from '../../app-type.js';
import { dispatchOperation } from '../../operation-dispatch.js';

/** The body as the transport takes it: one JSON-RPC message, already parsed by the service's JSON parser. */
const oneMessage = (request: FastifyRequest): unknown => {
  if (request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The MCP endpoint takes a JSON-RPC message as application/json.');
  if (request.body === undefined) throw new AppError('INVALID_REQUEST', 'The body must be one JSON-RPC message.');
  // The protocol sends one message per request since its 2025-06-18 version; a batch would also be one request against the rate limit.
  if (Array.isArray(request.body))
    throw new AppError('INVALID_REQUEST', 'Send one JSON-RPC message per request: batches are not accepted.');
  return request.body;
};

/**
 * POST /mcp (docs/api/mcp.md): the Model Context Protocol over streamable HTTP, stateless, answering
 * JSON. The access hook authenticates the bearer token and the rate limiter counts the request, as
 * for the API; each tool call then runs its API operation as this caller.
 */
export const mcpEndpointRoute = (app: App, ctx: AppContext) =>
  app.post('/mcp', { config: { access: 'access-token' }, schema: { hide: true } }, async (request, reply) => {
    const message = oneMessage(request);
    // The SDK and its schemas take tens of megabytes: a service nobody asks over MCP never loads them.
    const { exchangeMcpMessage } = await import('./mcp-exchange.js');
    const answer = await exchangeMcpMessage(ctx, request, message, (operation) => dispatchOperation(app, request, operation));
    reply.status(answer.status);
    return answer.text ? reply.type('application/json').send(answer.text) : reply.send();
  });
