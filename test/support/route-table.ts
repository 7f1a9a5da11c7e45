import type { RouteAccess } from '../../src/http/fastify-augment.js';
import type { TestServer } from './test-server.js';

/** The JSON Schema subset TypeBox emits into the OpenAPI document (no `$ref`s: every schema is inlined). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface OpenApiParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export interface Route {
  method: string;
  /** Fastify's spelling: `/api/v2.0/envelopes/:envelopeId/details`, `/app/*`. */
  path: string;
  /** Path parameter names in order; a trailing wildcard is `*`. */
  params: string[];
  /** Listed in `/openapi.json` (routes with `schema.hide` are not: pages, verification, the document itself). */
  documented: boolean;
  /** Schemas of the path parameters, when documented. */
  paramSchemas: Record<string, JsonSchema>;
  querySchemas: Record<string, JsonSchema>;
  /** Media types of the request body (documented routes; uploads are multipart without a listed schema). */
  bodyTypes: string[];
  /** The `application/json` body schema, when the route takes one. */
  bodySchema?: JsonSchema;
  /** What the access hook asks of a caller: a token, the `app_auth_type` header alone, or nothing. */
  access: RouteAccess;
  /** The operation's own `security` in /openapi.json; undefined when it inherits the document's default. */
  security?: unknown[];
  /** Declared `config.role: 'admin'`: a sender's console token is refused. */
  adminOnly: boolean;
}

const TREE_BRANCH = /[├└]── /;
const NODE = /^(.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every method + path the router knows, from `printRoutes({ commonPrefix: true })`: a radix tree whose
 * nodes, read from the root, concatenate into the full path. Reading the router itself (not a list kept
 * by hand, not the OpenAPI document alone) is what lets a new route, hidden or not, join every
 * property and matrix built on this table.
 */
export const parseRouteTree = (tree: string): { method: string; path: string }[] => {
  const prefixes: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const branch = line.search(TREE_BRANCH);
    if (branch < 0) continue;
    const depth = Math.round(branch / 4);
    const [, segment = '', methods] = NODE.exec(line.slice(branch + 4)) ?? [];
    const path = (depth > 0 ? (prefixes[depth - 1] ?? '') : '') + segment;
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of methods?.split(', ') ?? []) routes.push({ method, path });
  }
  return routes;
};

const paramsOf = (path: string): string[] =>
  path
    .split('/')
    .filter((part) => part.startsWith(':') || part === '*')
    .map((part) => (part === '*' ? '*' : part.slice(1)));

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The running server's routes, each joined with its OpenAPI operation when it has one and with its access rule. */
export const readRouteTable = async (server: TestServer): Promise<Route[]> => {
  const response = await fetch(`${server.url}/openapi.json`);
  const document = (await response.json()) as { paths: Record<string, Record<string, OpenApiOperation>> };
  const tree = server.service.server.app.printRoutes({ commonPrefix: true });
  const rules = new Map(server.service.server.accessRules.map((rule) => [`${rule.method} ${rule.url}`, rule]));
  const seen = new Set<string>();
  return parseRouteTree(tree)
    .filter(({ method, path }) => !seen.has(`${method} ${path}`) && seen.add(`${method} ${path}`))
    .map(({ method, path }) => {
      // A plugin's `/` under its prefix is routed twice (`/docs`, `/docs/`) from one registration, which the hook sees once.
      const rule = rules.get(`${method} ${path}`) ?? rules.get(`${method} ${path.replace(/(.)\/$/, '$1')}`);
      if (!rule) throw new Error(`${method} ${path} is routed but the access hook never saw it registered`);
      const operation = document.paths[openApiPath(path)]?.[method.toLowerCase()];
      const parameters = operation?.parameters ?? [];
      const pick = (where: OpenApiParameter['in']) =>
        Object.fromEntries(parameters.filter((p) => p.in === where).map((p) => [p.name, p.schema]));
      const content = operation?.requestBody?.content ?? {};
      return {
        method,
        path,
        params: paramsOf(path),
        documented: operation !== undefined,
        paramSchemas: pick('path'),
        querySchemas: pick('query'),
        bodyTypes: Object.keys(content),
        ...(content['application/json']?.schema ? { bodySchema: content['application/json'].schema } : {}),
        access: rule.access,
        adminOnly: rule.adminOnly,
        ...(operation?.security ? { security: operation.security } : {}),
      };
    });
};

/** `/api/v2.0/envelopes/:envelopeId/details` with `{ envelopeId: 'env_1' }`; values are inserted as given (already encoded). */
export const fillPath = (path: string, values: Record<string, string>): string =>
  path
    .split('/')
    .map((part) => (part === '*' ? (values['*'] ?? '') : part.startsWith(':') ? (values[part.slice(1)] ?? part) : part))
    .join('/');

/** Operations of the v2.0 API, where the bearer token is the default access. */
export const isApiRoute = (route: Route) => route.path.startsWith('/api/v2.0/');
