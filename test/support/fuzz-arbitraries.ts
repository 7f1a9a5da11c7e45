import fc from 'fast-check';
import { describeRequest, type RawRequest } from './fuzz-client.js';
import { fillPath, type JsonSchema, type Route } from './route-table.js';

/** Real values the generators mix in so that requests get past "not found" into the handlers. */
export interface FuzzContext {
  token: string;
  /** Real ids and values by path parameter or body field name (`envelopeId`, `template_id`, `signingCode`…). */
  known: Record<string, string[]>;
  /** A small valid PDF, for base64 fields, uploads and the verify check. */
  pdf: Uint8Array;
  /** A small valid PNG, for drawn signatures. */
  png: Uint8Array;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 });
/**
 * Header values Node will send: visible ASCII and Latin-1, never CR/LF/NUL. Long ones stay short
 * enough that all of a request's headers fit Node's 16 KB limit (the overflow has its own case).
 */
const headerValue = fc.oneof(
  printable,
  fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  fc.constant('x'.repeat(3_000)),
);

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const deepArray = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const typeOf = (schema: JsonSchema): string | undefined =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : (schema.type ?? (schema.properties ? 'object' : undefined));

/** Strings worth trying where a schema wants text; the first that fits the pattern and length wins in `exampleOf`. */
const textCandidates = (name: string, schema: JsonSchema, context: FuzzContext): string[] => {
  if (schema.format === 'email') return [...(context.known[name] ?? []), 'fuzz@example.test'];
  if (schema.format === 'date-time') return [new Date(Date.now() + 20 * 86_400_000).toISOString()];
  if (schema.format === 'date') return [new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10)];
  if (schema.format === 'byte') return [/png/i.test(name) ? base64(context.png) : base64(context.pdf)];
  return [...(context.known[name] ?? []), 'Parallel', 'Fuzz value', 'a', '+1 555 0100', 'env_fuzz', '0'];
};

const fits = (value: string, schema: JsonSchema) =>
  value.length >= (schema.minLength ?? 0) &&
  value.length <= (schema.maxLength ?? Infinity) &&
  (!schema.pattern || new RegExp(schema.pattern, 'u').test(value));

/**
 * A deterministic instance the schema accepts (as far as the schema alone decides): with `requiredOnly`
 * just the required properties, otherwise every property (which may combine options the rules refuse).
 */
export const exampleOf = (schema: JsonSchema, context: FuzzContext, name = '', requiredOnly = false): Json => {
  if (schema.const !== undefined) return schema.const as Json;
  if (schema.enum) return schema.enum[0] as Json;
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch?.[0]) return exampleOf(branch[0], context, name, requiredOnly);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => !requiredOnly || schema.required?.includes(key))
          .map(([key, child]) => [key, exampleOf(child, context, key, requiredOnly)]),
      );
    case 'array': {
      const item = schema.items ? exampleOf(schema.items, context, name.replace(/s$/, ''), requiredOnly) : null;
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'string':
      return textCandidates(name, schema, context).find((value) => fits(value, schema)) ?? 'a'.repeat(schema.minLength ?? 1);
    case 'integer':
    case 'number':
      return Math.min(schema.maximum ?? 1, Math.max(schema.minimum ?? 0, 1));
    case 'boolean':
      return true;
    default:
      return null;
  }
};

/** Values a schema-guided generator draws for a leaf: fitting ones, boundaries, and the wrong type. */
const stringArbitrary = (name: string, schema: JsonSchema, context: FuzzContext): fc.Arbitrary<Json> => {
  const options: fc.Arbitrary<Json>[] = [
    fc.constant(exampleOf(schema, context, name)),
    fc.string({ maxLength: Math.min(schema.maxLength ?? 50, 50) }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom('', ' ', '\u0000', "' OR 1=1 --", '${7*7}', '<script>alert(1)</script>', '../../etc/passwd', '\ud800'),
  ];
  // Exactly at and one past a small bound; long bounds (base64 documents) are exercised by the huge-body cases.
  if (schema.maxLength !== undefined && schema.maxLength <= 5_000)
    options.push(fc.constantFrom('a'.repeat(schema.maxLength), 'a'.repeat(schema.maxLength + 1)));
  if (schema.format === 'byte')
    options.push(fc.constantFrom('!!!not base64!!!', base64(context.pdf).slice(0, 100), base64(context.png), base64(context.pdf)));
  return fc.oneof(...options);
};

const numberArbitrary = (schema: JsonSchema): fc.Arbitrary<Json> =>
  fc.oneof(
    typeOf(schema) === 'integer'
      ? fc.integer({ min: Math.max(schema.minimum ?? -1e6, -1e9), max: Math.min(schema.maximum ?? 1e6, 1e9) })
      : fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }),
    fc.constantFrom(
      (schema.minimum ?? 0) - 1,
      (schema.maximum ?? 0) + 1,
      0,
      -0,
      1.5,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      1e308,
      '1',
      true,
    ),
  );

/** Instances generated from the schema: mostly fitting, with optional properties dropped at random and leaves pushed to and past their bounds. */
export const schemaArbitrary = (schema: JsonSchema, context: FuzzContext, name = '', depth = 0): fc.Arbitrary<Json> => {
  if (schema.const !== undefined) return fc.constantFrom(schema.const as Json, 'not-the-constant');
  if (schema.enum) return fc.constantFrom(...(schema.enum as Json[]), 'NOT_IN_ENUM', 'activate'.toUpperCase());
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch?.length) return fc.oneof(...branch.map((b) => schemaArbitrary(b, context, name, depth)));
  switch (typeOf(schema)) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (depth > 6 || properties.length === 0) return fc.constant({});
      const model = Object.fromEntries(properties.map(([key, child]) => [key, schemaArbitrary(child, context, key, depth + 1)]));
      return fc.record(model, { requiredKeys: schema.required ?? [] }) as fc.Arbitrary<Json>;
    }
    case 'array': {
      const items = schema.items ? schemaArbitrary(schema.items, context, name.replace(/s$/, ''), depth + 1) : fc.jsonValue();
      return fc.array(items as fc.Arbitrary<Json>, { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    }
    case 'string':
      return stringArbitrary(name, schema, context);
    case 'integer':
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.oneof(fc.boolean(), fc.constantFrom('true', 0, null));
    default:
      return fc.jsonValue() as fc.Arbitrary<Json>;
  }
};

/** Every path (keys and indexes) inside a JSON value, the root included. */
const pathsOf = (value: Json, prefix: (string | number)[] = []): (string | number)[][] => {
  const here = [prefix];
  if (Array.isArray(value)) return here.concat(...value.map((item, i) => pathsOf(item, [...prefix, i])));
  if (value && typeof value === 'object') return here.concat(...Object.entries(value).map(([k, v]) => pathsOf(v, [...prefix, k])));
  return here;
};

const replaceAt = (value: Json, path: (string | number)[], replace: (current: Json) => Json | undefined): Json => {
  if (path.length === 0) return replace(value) ?? null;
  if (!value || typeof value !== 'object') return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string | number, Json>;
  const current = copy[head] ?? null;
  const next = rest.length ? replaceAt(current, rest, replace) : replace(current);
  if (next !== undefined) copy[head] = next;
  else if (Array.isArray(copy)) copy.splice(head as number, 1);
  else delete copy[head];
  return copy as Json;
};

type Mutation = (current: Json) => Json | undefined;

const mutations: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constant<Mutation>(() => undefined),
  fc.constant<Mutation>(() => null),
  fc.jsonValue().map(
    (replacement): Mutation =>
      () =>
        replacement as Json,
  ),
  fc.constant<Mutation>((current) =>
    typeof current === 'string' ? current.repeat(1 + Math.ceil(100_000 / (current.length + 1))) : 'x'.repeat(100_000),
  ),
  fc.constant<Mutation>((current) => (Array.isArray(current) ? [...current, ...current, ...current] : [current])),
  fc.constant<Mutation>((current) => ({ value: current })),
  fc.constant<Mutation>((current) =>
    current && typeof current === 'object' && !Array.isArray(current) ? { ...current, unexpected_field: 1 } : current,
  ),
  fc.constant<Mutation>(() => JSON.parse(deepArray(2_000)) as Json),
  fc.constant<Mutation>(() => JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}') as Json),
  fc.constantFrom<Mutation>(
    () => -1,
    () => 1e308,
    () => '',
    () => '0',
    () => [],
    () => ({}),
  ),
);

/** The valid example with one to three values removed, replaced, blown up or wrapped. */
export const mutatedArbitrary = (example: Json): fc.Arbitrary<Json> => {
  const paths = pathsOf(example);
  return fc
    .array(fc.tuple(fc.nat({ max: paths.length - 1 }), mutations), { minLength: 1, maxLength: 3 })
    .map((steps) => steps.reduce((value, [index, mutate]) => replaceAt(value, paths[index] ?? [], mutate), example));
};

/** Request bodies that are not JSON at all, or JSON that parsers have trouble with. */
const hostileJsonText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'null',
    '"a string"',
    '[]',
    '{',
    '{"a":',
    '{"a":1,"a":2}',
    '\ufeff{}',
    '1e999999',
    '-0',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    deepArray(100_000),
    deepObject(10_000),
    `{"a":"${'x'.repeat(2_000_000)}"}`,
    `[${'1,'.repeat(200_000)}1]`,
  ),
  fc.string({ maxLength: 200 }),
);

const encode = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** Bodies for a route: generated from its JSON schema, mutated from a valid example, or hostile text and bytes. */
export const bodyArbitrary = (route: Route, context: FuzzContext): fc.Arbitrary<Uint8Array> => {
  const options: fc.Arbitrary<Uint8Array>[] = [
    hostileJsonText.map(encode),
    fc.jsonValue().map((value) => encode(JSON.stringify(value))),
    fc.uint8Array({ maxLength: 512 }),
    fc.nat({ max: 400 }).map((cut) => encode(JSON.stringify(route.bodySchema ? exampleOf(route.bodySchema, context) : {}).slice(0, cut))),
  ];
  if (route.bodySchema) {
    const example = exampleOf(route.bodySchema, context);
    options.push(
      fc.constant(encode(JSON.stringify(example))),
      schemaArbitrary(route.bodySchema, context).map((value) => encode(JSON.stringify(value))),
      schemaArbitrary(route.bodySchema, context).map((value) => encode(JSON.stringify(value))),
      mutatedArbitrary(example).map((value) => encode(JSON.stringify(value))),
      mutatedArbitrary(example).map((value) => encode(JSON.stringify(value))),
    );
  }
  return fc.oneof(...options);
};

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'text/plain',
  'text/html; charset=x',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/pdf',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'multipart/mixed; boundary=x',
  '*/*',
  ';',
  'application/json; =',
  'invalid',
];

const contentType = fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined });

/** Byte soup that still looks like a PDF to a quick sniff: the header, then random bytes, or a real PDF cut short or with bytes flipped. */
export const pdfishArbitrary = (context: FuzzContext): fc.Arbitrary<Uint8Array> =>
  fc.oneof(
    fc.constant(context.pdf),
    fc.nat({ max: context.pdf.length }).map((cut) => context.pdf.slice(0, cut)),
    fc.array(fc.tuple(fc.nat({ max: context.pdf.length - 1 }), fc.nat({ max: 255 })), { minLength: 1, maxLength: 20 }).map((flips) => {
      const copy = context.pdf.slice();
      for (const [at, byte] of flips) copy[at] = byte;
      return copy;
    }),
    fc.uint8Array({ maxLength: 2_048 }).map((tail) => new Uint8Array([...Buffer.from('%PDF-1.7\n'), ...tail])),
    fc.constant(new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj << /Length 999999999 >> stream\n'))),
    fc.constant(context.png),
  );

interface Part {
  name: string;
  filename?: string;
  type?: string;
  content: Uint8Array;
}

const partArbitrary = (context: FuzzContext): fc.Arbitrary<Part> =>
  fc.record(
    {
      name: fc.constantFrom('file', 'files', 'file[]', '', 'documents', 'file"; name="x'),
      filename: fc.constantFrom('a.pdf', '', ' ', '../../../etc/passwd', `${'n'.repeat(1_000)}.pdf`, 'näme.pdf', 'a\u0000.pdf', 'CON'),
      type: fc.constantFrom('application/pdf', 'text/plain', 'image/png', 'application/x-evil', ''),
      content: fc.oneof(pdfishArbitrary(context), fc.uint8Array({ maxLength: 1_024 })),
    },
    { requiredKeys: ['name', 'content'] },
  );

const multipartBytes = (boundary: string, parts: Part[], closed: boolean): Uint8Array => {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: ${disposition}\r\n${part.type ? `content-type: ${part.type}\r\n` : ''}\r\n`,
        'utf8',
      ),
    );
    chunks.push(Buffer.from(part.content), Buffer.from('\r\n'));
  }
  if (closed) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
};

/** A multipart upload: well-formed or not, with odd part names, file names, types and contents; sometimes more parts than allowed. */
export const multipartArbitrary = (context: FuzzContext): fc.Arbitrary<{ contentType: string; body: Uint8Array }> =>
  fc
    .record({
      boundary: fc.constantFrom('fuzzboundary', 'x', '-'.repeat(70), 'a b'),
      declared: fc.constantFrom('same', 'other', 'none', 'quoted'),
      parts: fc.oneof(
        fc.array(partArbitrary(context), { maxLength: 4 }),
        fc.constant(Array.from({ length: 40 }, () => ({ name: 'file', filename: 'a.pdf', content: context.pdf }))),
      ),
      closed: fc.boolean(),
      garbage: fc.option(fc.uint8Array({ maxLength: 256 }), { nil: undefined }),
    })
    .map(({ boundary, declared, parts, closed, garbage }) => {
      const header =
        declared === 'none'
          ? 'multipart/form-data'
          : `multipart/form-data; boundary=${declared === 'quoted' ? `"${boundary}"` : declared === 'other' ? 'different' : boundary}`;
      const body = multipartBytes(boundary, parts, closed);
      return { contentType: header, body: garbage ? new Uint8Array([...body.slice(0, body.length / 2), ...garbage]) : body };
    });

/** Path parameter values: real ids, ordinary strings, and the ones routers and decoders trip on. */
export const paramArbitrary = (name: string, context: FuzzContext): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(context.known[name] ?? ['env_unknown'])).map(encodeURIComponent) },
    { weight: 2, arbitrary: fc.string({ maxLength: 80 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        'x'.repeat(5_000),
        `env_${'a'.repeat(5_000)}`,
        '%',
        '%zz',
        '%E0%A4%A',
        '%00',
        '%ff',
        '%c0%af',
        '%ed%a0%80',
        '%25',
        '..',
        '.',
        '%2e%2e',
        '..%2f..%2fetc%2fpasswd',
        '%2F',
        '\u00e9\u00ff',
        encodeURIComponent("env_1' OR '1'='1"),
        '__proto__',
        'constructor',
        '',
      ),
    },
  );

const queryArbitrary = (route: Route): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constant(''),
    fc.constantFrom('?', '?%', '?a=%zz', '?__proto__[x]=1', `?q=${'x'.repeat(5_000)}`, '?embed=1', '?a=1&a=2&a=3'),
    fc
      .array(
        fc.tuple(
          fc.constantFrom(...Object.keys(route.querySchemas), 'page', 'limit', 'x'),
          fc.oneof(printable.map(encodeURIComponent), fc.constantFrom('-1', '0', '1e9', 'true', '%')),
        ),
        { maxLength: 3 },
      )
      .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : '')),
  );

const authorization = (context: FuzzContext) =>
  fc.option(
    fc.oneof(
      { weight: 4, arbitrary: fc.constant(`Bearer ${context.token}`) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'Bearer',
          'Bearer ',
          `Bearer ${context.token}x`,
          `bearer   ${context.token}`,
          `Basic ${Buffer.from('a:b').toString('base64')}`,
          `Bearer ${'A'.repeat(3_000)}`,
          'Bearer \u00ff\u00fe',
        ),
      },
      { weight: 1, arbitrary: headerValue.map((value) => `Bearer ${value}`) },
    ),
    { nil: undefined, freq: 4 },
  );

/** The headers a hostile client sends: right or wrong auth, odd Accept and Idempotency-Key, stray headers. */
export const headersArbitrary = (context: FuzzContext) =>
  fc
    .record(
      {
        authorization: authorization(context),
        app_auth_type: fc.option(fc.oneof(fc.constant('esign-oauth2'), headerValue), { nil: undefined, freq: 5 }),
        accept: fc.constantFrom(
          'application/json',
          'application/pdf',
          'text/html',
          '*/*',
          'application/json, text/html',
          'image/*;q=x',
          '',
        ),
        'idempotency-key': fc.option(fc.oneof(printable, fc.constant('k'.repeat(2_000)), fc.constant('\u00ff')), {
          nil: undefined,
          freq: 3,
        }),
        'x-request-id': fc.option(headerValue, { nil: undefined, freq: 3 }),
        'accept-encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', 'x'),
        range: fc.constantFrom('bytes=0-10', 'bytes=99999999-', 'bytes=-1,-2,-3', 'bytes=x'),
        'if-none-match': headerValue,
      },
      { requiredKeys: ['accept'] },
    )
    .map((headers) => Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<string, string>);

const takesBody = (route: Route) =>
  route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH' || route.method === 'DELETE';

/** A whole request at one route: path parameters, query, headers, content type and body all drawn together. */
export const requestArbitrary = (
  route: Route,
  context: FuzzContext,
  focus: 'body' | 'path' | 'headers' | 'upload',
): fc.Arbitrary<RawRequest> => {
  const params = fc.record(
    Object.fromEntries(
      route.params.map((name) => [
        name,
        focus === 'path' ? paramArbitrary(name, context) : fc.constantFrom(...(context.known[name] ?? ['unknown'])).map(encodeURIComponent),
      ]),
    ),
  );
  const headers =
    focus === 'body'
      ? fc.constant({ authorization: `Bearer ${context.token}`, app_auth_type: 'esign-oauth2', accept: 'application/json' })
      : headersArbitrary(context);
  const payload: fc.Arbitrary<{ contentType?: string; body?: Uint8Array }> = !takesBody(route)
    ? fc.constant({})
    : focus === 'upload'
      ? fc.oneof(
          multipartArbitrary(context),
          pdfishArbitrary(context).map((body) => ({ contentType: 'application/pdf', body })),
        )
      : focus === 'body'
        ? fc.record({
            contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
            body: bodyArbitrary(route, context),
          })
        : fc.record({ contentType, body: fc.option(bodyArbitrary(route, context), { nil: undefined }) }, { requiredKeys: [] });
  const method = route.method === 'GET' ? fc.constantFrom('GET', 'HEAD') : fc.constant(route.method);
  return fc
    .record({ method, params, query: queryArbitrary(route), headers, payload })
    .map(({ method: verb, params: values, query, headers: base, payload: { contentType: type, body } }) => {
      const raw: RawRequest = {
        method: verb,
        path: fillPath(route.path, values) + (focus === 'path' ? query : ''),
        headers: { ...base, ...(type !== undefined ? { 'content-type': type } : {}) },
        ...(body ? { body } : {}),
      };
      // fast-check prints a counterexample with this: long values cut, bodies as text.
      return Object.assign(raw, { [fc.toStringMethod]: () => describeRequest(raw) });
    });
};
