import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { listEnvelopeResources, readResource, RESOURCE_TEMPLATES } from './envelope-resources.js';
import { MCP_TOOLS } from './mcp-tools.js';
import { callTool, type Dispatch } from './tool-call.js';

/** The server's name, and the version of the API its tools are operations of. */
const SERVER_INFO = { name: 'countersign', title: 'Countersign', version: '2.0.0' };

const INSTRUCTIONS =
  'Countersign sends PDF documents for e-signature. An envelope holds documents and recipients; create one from base64 PDFs ' +
  '(create_envelope) or from a template (list_templates, then create_envelope_from_template), then track it (get_envelope, ' +
  'get_envelope_history, list_envelopes), remind or cancel it, and download its signed documents once it is Completed. ' +
  'A refused call answers the API error body: branch on errors[].error_code.';

const TOOL_LIST: Tool[] = MCP_TOOLS.map(({ name, title, description, annotations, inputSchema }) => ({
  name,
  title,
  description,
  annotations,
  // The JSON Schema as sent: TypeBox's own markers left out.
  inputSchema: JSON.parse(JSON.stringify(inputSchema)) as Tool['inputSchema'],
}));

const TOOLS_BY_NAME = new Map(MCP_TOOLS.map((tool) => [tool.name, tool]));

/**
 * One MCP server for one HTTP request (the endpoint is stateless): its tools and resources run API
 * operations through `dispatch`, as the request's caller.
 */
export const mcpServer = (dispatch: Dispatch): Server => {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOL_LIST }));
  server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    const tool = TOOLS_BY_NAME.get(params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool "${params.name}".`);
    return callTool(dispatch, tool, params.arguments);
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: RESOURCE_TEMPLATES }));
  server.setRequestHandler(ListResourcesRequestSchema, ({ params }) => listEnvelopeResources(dispatch, params?.cursor));
  server.setRequestHandler(ReadResourceRequestSchema, ({ params }) => readResource(dispatch, params.uri));
  return server;
};
