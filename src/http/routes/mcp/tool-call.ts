import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorBody, validationError } from '../../errors.js';
import type { Operation, OperationAnswer } from '../../operation-dispatch.js';
import type { McpTool } from './mcp-tools.js';
import { documentUri } from './resource-uris.js';
import { dataResult, documentResult, refusal, type DownloadedData } from './tool-results.js';

/** Runs an API operation as the MCP request's caller. */
export type Dispatch = (operation: Operation) => Promise<OperationAnswer>;

/** The operation a tool call stands for: path and query arguments where the route takes them, every other argument in the body. */
export const operationFor = (tool: McpTool, args: Record<string, unknown>): Operation => {
  let path = tool.route;
  const query = new URLSearchParams();
  for (const [argument, parameter] of Object.entries(tool.parameters)) {
    const value = args[argument];
    if (parameter.in === 'path') path = path.replace(`:${parameter.name}`, encodeURIComponent(String(value)));
    else if (value !== undefined) query.set(parameter.name, String(value));
  }
  const search = query.toString();
  const body = Object.fromEntries(Object.entries(args).filter(([argument]) => !Object.hasOwn(tool.parameters, argument)));
  return { method: tool.method, path: search ? `${path}?${search}` : path, ...(tool.body ? { body } : {}) };
};

/** The `data` of a successful answer (every success is `{message, data}`, docs/api/conventions.md). */
export const dataOf = (answer: OperationAnswer): Record<string, unknown> => (answer.body as { data: Record<string, unknown> }).data;

/**
 * One tool call: the API operation's answer, or its refusal as a tool error carrying the contract's
 * error body. Path and query arguments are checked here with the route's own schemas, as the
 * operation cannot be addressed without them (then every argument is, to answer every problem at
 * once); the body is the operation's to check.
 */
export const callTool = async (dispatch: Dispatch, tool: McpTool, args: Record<string, unknown> = {}): Promise<CallToolResult> => {
  if (tool.parameterProblems(args).length > 0) return refusal(errorBody(validationError(tool.inputProblems(args), 'body')));
  const answer = await dispatch(operationFor(tool, args));
  if (answer.status >= 400) return refusal(answer.body);
  if (tool.answers === 'document')
    return documentResult(documentUri(String(args.envelope_id), String(args.document_id)), dataOf(answer) as DownloadedData);
  return dataResult(dataOf(answer));
};
