import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiResponse, ContractError, TestServer } from '../../support/test-server.js';

/**
 * The SDK's own client connected to the server's /mcp over HTTP, as a desktop client or an agent
 * connects: the bearer token in a header, nothing else of the API's conventions.
 */
export const connectMcp = async (server: TestServer, token: string): Promise<Client> => {
  const client = new Client({ name: 'countersign-tests', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
};

/** Calls a tool and returns its result as the SDK read it. */
export const callTool = async (client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

/** The text of a result's first item, parsed. */
const textOf = (result: CallToolResult): unknown => {
  const first = result.content[0];
  assert.equal(first?.type, 'text', JSON.stringify(result));
  return JSON.parse(first.text) as unknown;
};

/** A successful call's `data`: the structured content, which the text item repeats. */
export const dataOf = (result: CallToolResult): any => {
  assert.notEqual(result.isError, true, JSON.stringify(result));
  assert.deepEqual(textOf(result), result.structuredContent);
  return result.structuredContent;
};

/**
 * A refused call: `isError`, and the text is the API's error body (docs/api/errors.md) with `code` among
 * its errors; returns that error for its field.
 */
export const assertToolError = (result: CallToolResult, code: string): ContractError => {
  assert.equal(result.isError, true, JSON.stringify(result));
  const body = textOf(result) as { message: string; errors: ContractError[] };
  assert.deepEqual(Object.keys(body).sort(), ['errors', 'message'], JSON.stringify(body));
  const found = body.errors.find((error) => error.error_code === code);
  assert.ok(found, `expected ${code} in ${JSON.stringify(body.errors)}`);
  return found;
};

/** The error codes of a refused call, in order. */
export const errorCodesOf = (result: CallToolResult): string[] => {
  assert.equal(result.isError, true, JSON.stringify(result));
  return (textOf(result) as { errors: ContractError[] }).errors.map((error) => error.error_code);
};

/** One JSON-RPC message POSTed as is, as an MCP client sends it (no `app_auth_type`). */
export const postMcp = (
  server: TestServer,
  message: unknown,
  token: string | null,
  headers: Record<string, string> = {},
): Promise<ApiResponse> =>
  server.call('POST', '/mcp', {
    token,
    noAppAuthType: true,
    body: message,
    headers: { accept: 'application/json, text/event-stream', ...headers },
  });

let nextId = 1;

/** A `tools/call` request message. */
export const toolCallMessage = (name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: nextId++,
  method: 'tools/call',
  params: { name, arguments: args },
});
