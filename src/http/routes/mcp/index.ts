import type { RouteModule } from '../route-module.js';
import { mcpEndpointRoute } from './mcp-endpoint.js';
import { mcpOtherMethodsRoute } from './mcp-other-methods.js';

/** The MCP endpoint at /mcp (docs/api/mcp.md), mounted at the root beside the API. */
export const mcpRoutes: RouteModule[] = [mcpEndpointRoute, mcpOtherMethodsRoute];
