/**
 * The API reference page of the docs site, written from the OpenAPI document the service serves: every
 * operation grouped by tag, with its parameters, request body, responses and examples. A pure function of
 * the document, so the page can never describe an API other than the one the code serves.
 */

type Schema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | Schema;
};

interface Example {
  summary?: string;
  description?: string;
  value?: unknown;
}

interface MediaType {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, Example>;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, Example>;
}

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}

export interface OpenApiDocument {
  info?: { title?: string; version?: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
/** Nested objects are listed this deep (`recipients.signers[].fields[].type`); deeper ones read "object". */
const MAX_DEPTH = 5;

const escapeHtml = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Prose from the document goes into a page that VitePress compiles as a Vue template: outside code spans,
 * `<`, `>` and `{{` would be read as tags and interpolations, so they are escaped there. Inside a code span
 * `{{` is still an interpolation (VitePress keeps only code blocks out of the template), so such a span is
 * written as a `<code v-pre>` element, which Vue leaves as it is.
 */
export const escapeProse = (text: string): string =>
  text
    .split(/(`[^`]*`)/)
    .map((part, index) => {
      if (index % 2 === 0) return escapeHtml(part).replaceAll('{{', '&#123;&#123;');
      return part.includes('{{') ? `<code v-pre>${escapeHtml(part.slice(1, -1))}</code>` : part;
    })
    .join('');

/** A table cell holds one line, and a pipe would end the cell. */
const cell = (text: string): string =>
  escapeProse(text)
    .replaceAll('|', '\\|')
    .replace(/\s*\n\s*/g, ' ');

/** A code span in a table cell: the pipe escape works inside it too (GitHub-flavoured tables). */
const codeCell = (text: string): string => `\`${text.replaceAll('|', '\\|')}\``;

const literal = (value: unknown): string => JSON.stringify(value);

const typeOf = (schema: Schema): string => {
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.enum) return schema.enum.map(literal).join(' or ');
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' or ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const named = types.map((type) => {
    if (type === 'array') return `${schema.items ? typeOf(schema.items) : 'any'}[]`;
    if (type === 'string' && schema.format) return `string (${schema.format})`;
    return type;
  });
  return named.length > 0 ? named.join(' or ') : schema.properties ? 'object' : 'any';
};

const count = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;

const limits = (schema: Schema): string[] => {
  const said: string[] = [];
  if (schema.minimum !== undefined && schema.maximum !== undefined) said.push(`${schema.minimum}–${schema.maximum}`);
  else if (schema.minimum !== undefined) said.push(`≥ ${schema.minimum}`);
  else if (schema.maximum !== undefined) said.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined && schema.minLength > 0) said.push(`at least ${count(schema.minLength, 'character')}`);
  if (schema.maxLength !== undefined && schema.format !== 'binary' && schema.format !== 'byte') {
    said.push(`at most ${count(schema.maxLength, 'character')}`);
  }
  if (schema.format === 'binary' && schema.maxLength !== undefined) said.push(`at most ${count(schema.maxLength, 'byte')}`);
  if (schema.minItems !== undefined && schema.minItems > 0) said.push(`at least ${count(schema.minItems, 'item')}`);
  if (schema.maxItems !== undefined) said.push(`at most ${count(schema.maxItems, 'item')}`);
  if (schema.default !== undefined) said.push(`default ${literal(schema.default)}`);
  return said;
};

const objectOf = (schema: Schema): Schema | undefined => {
  if (schema.properties) return schema;
  if (schema.items?.properties) return schema.items;
  return (schema.anyOf ?? schema.oneOf)?.find((variant) => variant.properties || variant.items?.properties);
};

interface Row {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** Every property down to MAX_DEPTH, named by its path (`recipients.signers[].email`). */
const rowsOf = (schema: Schema, prefix = '', depth = 1): Row[] => {
  const object = objectOf(schema);
  if (!object?.properties) return [];
  const pathOf = object === schema ? prefix : `${prefix}[]`;
  return Object.entries(object.properties).flatMap(([name, property]) => {
    const path = pathOf ? `${pathOf}.${name}` : name;
    const own: Row = {
      name: path,
      type: typeOf(property),
      required: object.required?.includes(name) ?? false,
      description: [property.description ?? '', ...limits(property)].filter(Boolean).join('; '),
    };
    return [own, ...(depth < MAX_DEPTH ? rowsOf(property, path, depth + 1) : [])];
  });
};

const fieldTable = (rows: Row[]): string[] => [
  '| field | type | required | description |',
  '|---|---|---|---|',
  ...rows.map((row) => `| ${codeCell(row.name)} | ${cell(row.type)} | ${row.required ? 'yes' : ''} | ${cell(row.description)} |`),
];

/** A successful response body is `{message, data}`: its fields are data's, which is what a caller reads. */
const responseRows = (schema: Schema): Row[] => {
  const data = schema.properties?.data;
  return data ? rowsOf(data, 'data') : rowsOf(schema);
};

/** Examples as OpenAPI holds them: `example`, or named `examples`, some of which only describe bytes (no `value`). */
const examplesOf = (holder: {
  example?: unknown;
  examples?: Record<string, Example>;
}): { title: string; value?: unknown; description?: string }[] => [
  ...(holder.example !== undefined ? [{ title: 'Example', value: holder.example }] : []),
  ...Object.entries(holder.examples ?? {}).map(([name, example]) => ({
    title: example.summary ?? name,
    ...(example.value !== undefined ? { value: example.value } : {}),
    ...(example.description ? { description: example.description } : {}),
  })),
];

const exampleBlocks = (holder: MediaType, contentType: string): string[] =>
  examplesOf(holder).flatMap(({ title, value, description }) => {
    const said = [`*${cell(title)}*${description ? `: ${escapeProse(description)}` : ''}`, ''];
    if (value === undefined) return said;
    const text = typeof value === 'string' && !contentType.includes('json') ? value : JSON.stringify(value, null, 2);
    const fence = text.includes('```') ? '````' : '```';
    return [...said, `${fence}${contentType.includes('json') ? 'json' : 'text'}`, text, fence, ''];
  });

const parameterSection = (parameters: Parameter[]): string[] => {
  if (parameters.length === 0) return [];
  const rows = parameters.map((parameter) => {
    const schema = parameter.schema ?? {};
    const description = [parameter.description ?? schema.description ?? '', ...limits(schema)].filter(Boolean).join('; ');
    const examples = examplesOf(parameter)
      .filter((example) => example.value !== undefined)
      .map(({ value }) => `e.g. \`${String(value)}\``);
    return `| ${codeCell(parameter.name)} | ${parameter.in} | ${cell(typeOf(schema))} | ${parameter.required ? 'yes' : ''} | ${cell([description, ...examples].filter(Boolean).join('; '))} |`;
  });
  return ['**Parameters**', '', '| name | in | type | required | description |', '|---|---|---|---|---|', ...rows, ''];
};

const requestBodySection = (body: NonNullable<Operation['requestBody']>): string[] =>
  Object.entries(body.content ?? {}).flatMap(([contentType, media]) => {
    const rows = media.schema ? rowsOf(media.schema) : [];
    const heading = `**Request body** (\`${contentType}\`${body.required ? ', required' : ''})`;
    return [
      heading,
      '',
      ...(body.description ? [escapeProse(body.description), ''] : []),
      ...(rows.length > 0 ? [...fieldTable(rows), ''] : media.schema?.description ? [escapeProse(media.schema.description), ''] : []),
      ...exampleBlocks(media, contentType),
    ];
  });

const isSuccess = (code: string) => code.startsWith('2');

const responseSection = (responses: NonNullable<Operation['responses']>): string[] => {
  const codes = Object.keys(responses).sort();
  const summary = [
    '**Responses**',
    '',
    '| status | meaning |',
    '|---|---|',
    ...codes.map((code) => `| ${code} | ${cell(responses[code]?.description ?? '')} |`),
    '',
  ];
  const details = codes.flatMap((code) => {
    const response = responses[code]!;
    return Object.entries(response.content ?? {}).flatMap(([contentType, media]) => {
      const rows = isSuccess(code) && media.schema ? responseRows(media.schema) : [];
      const examples = exampleBlocks(media, contentType);
      if (rows.length === 0 && examples.length === 0) return [];
      return [`**${code}** \`${contentType}\``, '', ...(rows.length > 0 ? [...fieldTable(rows), ''] : []), ...examples];
    });
  });
  return [...summary, ...details];
};

const authenticationOf = (operation: Operation): string => {
  const schemes = (operation.security ?? [{ bearerAuth: [] }]).flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return 'public (no access token)';
  if (schemes.includes('consoleSession')) return 'the console session cookie';
  if (!schemes.includes('bearerAuth')) return 'no access token (`app_auth_type: esign-oauth2`)';
  return 'access token (`Authorization: Bearer`, `app_auth_type: esign-oauth2`)';
};

const operationSection = (method: string, path: string, operation: Operation, headingLevel: string): string[] => [
  `${headingLevel} ${cell(operation.summary ?? `${method.toUpperCase()} ${path}`)}`,
  '',
  `\`${method.toUpperCase()} ${path}\` · \`${operation.operationId ?? ''}\` · ${authenticationOf(operation)}`,
  '',
  ...(operation.description ? [escapeProse(operation.description), ''] : []),
  ...parameterSection(operation.parameters ?? []),
  ...(operation.requestBody ? requestBodySection(operation.requestBody) : []),
  ...responseSection(operation.responses ?? {}),
];

interface Entry {
  method: string;
  path: string;
  operation: Operation;
}

const entriesOf = (paths: OpenApiDocument['paths']): Entry[] =>
  Object.entries(paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method]! })),
  );

/** Tags in the document's order first, then any tag an operation uses that the list leaves out, in order of use. */
const tagOrder = (document: OpenApiDocument, entries: Entry[]): string[] => {
  const names = (document.tags ?? []).map((tag) => tag.name);
  for (const entry of entries) for (const tag of entry.operation.tags ?? ['Other']) if (!names.includes(tag)) names.push(tag);
  return names;
};

export const apiReferenceMarkdown = (document: OpenApiDocument): string => {
  const entries = entriesOf(document.paths);
  const tags = tagOrder(document, entries);
  const tagDescription = (name: string) => document.tags?.find((tag) => tag.name === name)?.description;
  const webhooks = entriesOf(document.webhooks);

  const lines = [
    '---',
    'outline: [2, 2]',
    'pageClass: api-reference',
    '---',
    '',
    `# API reference`,
    '',
    `<!-- Generated by scripts/docs/write-api-reference.ts from the OpenAPI document the server serves at /openapi.json. Do not edit. -->`,
    '',
    `${document.info?.title ?? 'API'} ${document.info?.version ?? ''}: every operation of the OpenAPI document the server serves at \`/openapi.json\` (and as Swagger UI at \`/docs\`), grouped by area. Every response also carries \`X-Request-Id\`, and rate-limited ones \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`.`,
    '',
    ...(document.info?.description ? [escapeProse(document.info.description), ''] : []),
    ...tags.flatMap((tag) => {
      const tagged = entries.filter((entry) => (entry.operation.tags ?? ['Other']).includes(tag));
      if (tagged.length === 0) return [];
      const description = tagDescription(tag);
      return [
        `## ${tag}`,
        '',
        ...(description ? [escapeProse(description), ''] : []),
        ...tagged.flatMap((entry) => operationSection(entry.method, entry.path, entry.operation, '###')),
      ];
    }),
    ...(webhooks.length > 0
      ? [
          '## Webhook events',
          '',
          'What the service POSTs to a registered webhook URL, one section per event type.',
          '',
          ...webhooks.flatMap(({ path, operation }) => [
            `### \`${path}\``,
            '',
            escapeProse(operation.summary ?? ''),
            '',
            ...(operation.description ? [escapeProse(operation.description), ''] : []),
            ...parameterSection(operation.parameters ?? []),
            ...(operation.requestBody ? requestBodySection(operation.requestBody) : []),
          ]),
        ]
      : []),
  ];
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
};
