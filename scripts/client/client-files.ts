import { join } from 'node:path';
import { formatted, GENERATED_HEADER, openapiTypesFile } from '../openapi-types.js';
import { PYTHON_OPERATIONS_FILE, pythonOperationsFile, type Sendable } from './python-operations.js';

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
}
interface Operation {
  operationId?: string;
  security?: Json[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Where the generated files live, relative to the repository root. */
export const CLIENT_GENERATED_DIR = join('clients', 'typescript', 'src', 'generated');

const resolve = (document: Json, schema: Json | undefined): Json | undefined => {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  return resolve(document, target as Json | undefined);
};

const propertiesOf = (document: Json, schema: Json | undefined): Record<string, Json> =>
  (resolve(document, schema)?.properties as Record<string, Json> | undefined) ?? {};

const successResponse = (operation: Operation) => Object.entries(operation.responses ?? {}).find(([status]) => /^2\d\d$/.test(status))?.[1];

/**
 * A list operation the client can page through: it takes `page` (query or JSON body) and answers `page`,
 * `total` and one array; or it takes `cursor` and answers `next_cursor` and one array.
 */
const paginationOf = (document: Json, operation: Operation) => {
  const data = propertiesOf(document, successResponse(operation)?.content?.['application/json']?.schema).data;
  const answered = propertiesOf(document, data);
  const arrays = Object.keys(answered).filter((key) => resolve(document, answered[key])?.type === 'array');
  if (arrays.length !== 1) return undefined;
  const bodyFields = propertiesOf(document, operation.requestBody?.content?.['application/json']?.schema);
  const takenIn = (name: string) =>
    operation.parameters?.some((p) => p.in === 'query' && p.name === name) ? 'query' : name in bodyFields ? 'body' : undefined;
  const pageIn = takenIn('page');
  if (pageIn && 'page' in answered && 'total' in answered) return { style: 'page', in: pageIn, items: arrays[0] };
  const cursorIn = takenIn('cursor');
  if (cursorIn && 'next_cursor' in answered) return { style: 'cursor', in: cursorIn, items: arrays[0] };
  return undefined;
};

/** Who may call: `none` (public), `app` (the app_auth_type header only: login, refresh) or `bearer` (both headers). */
const authOf = (document: Json, operation: Operation) => {
  const security = operation.security ?? (document.security as Json[] | undefined) ?? [];
  const schemes = security.flatMap((requirement) => Object.keys(requirement));
  return schemes.includes('bearerAuth') ? 'bearer' : schemes.includes('appAuthType') ? 'app' : 'none';
};

/** operationId → what the client needs to send the request; the types come from openapi.ts. */
export const operationTable = (document: Json) => {
  const table: Record<string, unknown> = {};
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const path of Object.keys(paths).sort()) {
    for (const method of HTTP_METHODS) {
      const operation = paths[path]![method];
      if (!operation) continue;
      const id = operation.operationId;
      if (!id) throw new Error(`${method.toUpperCase()} ${path} has no operationId: give its route schema one`);
      if (id in table) throw new Error(`operationId ${id} is used twice: operation ids must be unique`);
      const success = successResponse(operation);
      const pagination = paginationOf(document, operation);
      table[id] = {
        method: method.toUpperCase(),
        path,
        auth: authOf(document, operation),
        requestBody: Object.keys(operation.requestBody?.content ?? {}),
        responseBody: Object.keys(success?.content ?? {}),
        creates: method === 'post' && '201' in (operation.responses ?? {}),
        ...(pagination ? { pagination } : {}),
      };
    }
  }
  return Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
};

/**
 * The generated files (path relative to the repository root → contents), formatted as the repository formats:
 * the TypeScript client's types and operation table, and the Python client's operations module.
 */
export const clientFiles = async (document: Json): Promise<Map<string, string>> => {
  const typesFile = join(CLIENT_GENERATED_DIR, 'openapi.ts');
  const tableFile = join(CLIENT_GENERATED_DIR, 'operations.ts');
  const table = `${GENERATED_HEADER}
/** Every operation of the API by operationId: how to send it. Variant-prefix aliases are not operations of their own. */
export const operations = ${JSON.stringify(operationTable(document))} as const;
`;
  return new Map([
    [typesFile, await openapiTypesFile(document, typesFile)],
    [tableFile, await formatted(table, tableFile)],
    [PYTHON_OPERATIONS_FILE, pythonOperationsFile(document, operationTable(document) as Record<string, Sendable>)],
  ]);
};
