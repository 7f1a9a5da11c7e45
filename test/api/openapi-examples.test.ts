import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ErrorCode } from '../../src/domain/app-error.js';
import { statusOfCode } from '../../src/http/errors.js';
import { describeWithServer } from '../support/api-suite.js';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * What every operation of the served document shows a reader, and how each example is held to its schema:
 * - a JSON request body, a JSON 2xx answer and an error answer each carry an `example` (the media type's),
 *   and that example validates against the media type's schema ($refs resolved inside the document);
 * - bytes (multipart uploads, PDF answers) cannot show their real value (a PDF's bytes say nothing as JSON, and
 *   `externalValue` would point outside the document): their media type has `examples` whose entries each say in a
 *   summary and a description what travels, with a stand-in value of the schema's shape (the first bytes of a
 *   PDF), which is validated like any example;
 * - an error example's codes are answered with the example's status (the table of src/http/errors.ts).
 */

interface Media {
  schema?: object;
  example?: unknown;
  examples?: Record<string, { summary?: string; description?: string; value?: unknown; externalValue?: string }>;
}
interface Operation {
  operationId?: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const DOCUMENT_ID = 'https://countersign.example.com/openapi.json';
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** A JSON pointer's segment (RFC 6901), for the schema's place in the document. */
const segment = (key: string) => encodeURIComponent(key.replace(/~/g, '~0').replace(/\//g, '~1'));

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/** Every media type of every operation, named for the messages and pointed at for the validator. */
const mediaOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => METHODS.has(method))
      .flatMap(([method, operation]) => {
        const where = `${method.toUpperCase()} ${path}`;
        const base = `#/paths/${segment(path)}/${method}`;
        const request = Object.entries(operation.requestBody?.content ?? {}).map(([type, media]) => ({
          operation: operation.operationId,
          where: `${where} request ${type}`,
          part: 'request' as const,
          status: undefined,
          type,
          media,
          pointer: `${base}/requestBody/content/${segment(type)}/schema`,
        }));
        const responses = Object.entries(operation.responses).flatMap(([status, response]) =>
          Object.entries(response.content ?? {}).map(([type, media]) => ({
            operation: operation.operationId,
            where: `${where} ${status} ${type}`,
            part: 'response' as const,
            status,
            type,
            media,
            pointer: `${base}/responses/${segment(status)}/content/${segment(type)}/schema`,
          })),
        );
        return [{ where, operation, media: [...request, ...responses] }];
      }),
  );

const hasExample = (media: Media, type: string): boolean =>
  isJson(type)
    ? media.example !== undefined
    : media.example !== undefined ||
      (Object.keys(media.examples ?? {}).length > 0 &&
        Object.values(media.examples ?? {}).every(
          (entry) => entry.summary && entry.description && entry.value !== undefined && entry.externalValue === undefined,
        ));

/** Every example value of a media type, named: its `example`, and each entry of its `examples`. */
const valuesOf = (media: Media): [string, unknown][] => [
  ...(media.example !== undefined ? [['example', media.example] as [string, unknown]] : []),
  ...Object.entries(media.examples ?? {}).map(([name, entry]) => [`examples.${name}`, entry.value] as [string, unknown]),
];

describeWithServer(
  'the examples of the served OpenAPI document',
  (server) => {
    let document: Document;
    let operations: ReturnType<typeof mediaOf>;
    let ajv: Ajv2020;
    before(async () => {
      document = (await server.call('GET', '/openapi.json')).body as Document;
      operations = mediaOf(document);
      // OpenAPI 3.1's schemas are JSON Schema 2020-12; the document itself is the schema every pointer resolves in.
      ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
      ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    });

    it('lists every operation of the service, the first-run and login routes included', () => {
      assert.ok(operations.length >= 73, `${operations.length} operations`);
      const ids = operations.map(({ operation }) => operation.operationId);
      for (const id of ['completeSetup', 'login', 'createEnvelope', 'downloadDocument', 'uploadEnvelopeFile', 'getHealth'])
        assert.ok(ids.includes(id), id);
    });

    it('gives every operation a request example (for a body), a 2xx example and an error example', () => {
      const missing = operations.flatMap(({ where, media }) => {
        const problems: string[] = [];
        for (const m of media.filter((m) => m.part === 'request' && !hasExample(m.media, m.type)))
          problems.push(`${m.where}: no request example`);
        const successes = media.filter((m) => m.status?.startsWith('2'));
        if (!successes.length) problems.push(`${where}: no 2xx answer with a body`);
        for (const m of successes.filter((m) => !hasExample(m.media, m.type))) problems.push(`${m.where}: no example`);
        // The shared "any other client error" (4XX, an error refused before routing) counts only for an
        // operation that answers no error of its own (/healthz): the others show one of theirs.
        const own = media.filter((m) => m.status && /^[45]\d\d$/.test(m.status));
        const errors = own.length ? own : media.filter((m) => m.status === '4XX');
        if (!errors.some((m) => hasExample(m.media, m.type))) problems.push(`${where}: no error example`);
        return problems;
      });
      assert.deepEqual(missing, []);
    });

    it('holds every example to the schema of its media type', () => {
      const invalid = operations.flatMap(({ media }) =>
        media.flatMap((m) =>
          valuesOf(m.media).flatMap(([name, value]) => {
            const validate = ajv.getSchema(`${DOCUMENT_ID}${m.pointer}`);
            assert.ok(validate, `${m.where}: schema at ${m.pointer}`);
            return validate(value) ? [] : [`${m.where} ${name}: ${ajv.errorsText(validate.errors)}`];
          }),
        ),
      );
      assert.deepEqual(invalid, []);
    });

    it("answers every error example's codes with the example's status, in the contract's error shape", () => {
      const wrong = operations.flatMap(({ media }) =>
        media
          .filter((m) => m.status && /^[45]/.test(m.status) && m.media.example !== undefined)
          .flatMap((m) => {
            const body = m.media.example as { message?: string; errors?: { error_code: string }[] };
            // /readyz's 503 is its own `{status}` body, not an error of the contract.
            if (!body.errors) return m.operation === 'getReadiness' ? [] : [`${m.where}: not the error shape`];
            const problems = Object.keys(body).sort().join() === 'errors,message' ? [] : [`${m.where}: keys ${Object.keys(body).join()}`];
            for (const { error_code } of body.errors) {
              const status = String(statusOfCode(error_code as ErrorCode));
              const matches = m.status === '4XX' ? status.startsWith('4') : status === m.status;
              if (!matches) problems.push(`${m.where}: ${error_code} is answered with ${status}`);
            }
            return problems;
          }),
      );
      assert.deepEqual(wrong, []);
    });
  },
  { database: 'sqlite' },
);
