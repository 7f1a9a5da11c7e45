import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../app/context.js';
import { AppError } from '../../../domain/app-error.js';
import { mcpServer } from './mcp-server.js';
import type { Dispatch } from './tool-call.js';

/**
 * What the SDK's transport reads of the request: the body is handed over parsed. Answers are always
 * JSON (never an event stream), so any Accept header is taken as accepting them.
 */
const transportRequest = (request: FastifyRequest, ctx: AppContext) => {
  const version = request.headers['mcp-protocol-version'];
  return new Request(new URL('/mcp', ctx.config.publicUrl), {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      ...(typeof version === 'string' ? { 'mcp-protocol-version': version } : {}),
    },
  });
};

/** The transport's own refusal (a message that is not JSON-RPC, an unknown protocol version) in the contract's shape. */
const transportRefusal = async (answer: Response): Promise<Error> => {
  const text = await answer.text();
  if (answer.status !== 400) return new Error(`The MCP transport answered ${answer.status}: ${text}`);
  let message = 'The body is not a JSON-RPC message.';
  try {
    message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? message;
  } catch {
    // The default message says it.
  }
  return new AppError('INVALID_REQUEST', message);
};

/** One JSON-RPC message answered by a server and transport of its own (stateless): the status and the JSON text, if any. */
export const exchangeMcpMessage = async (
  ctx: AppContext,
  request: FastifyRequest,
  message: unknown,
  dispatch: Dispatch,
): Promise<{ status: number; text: string }> => {
  const server = mcpServer(dispatch);
  const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
  try {
    await server.connect(transport);
    const answer = await transport.handleRequest(transportRequest(request, ctx), { parsedBody: message });
    if (answer.status >= 400) throw await transportRefusal(answer);
    return { status: answer.status, text: await answer.text() };
  } finally {
    await server.close();
  }
};
