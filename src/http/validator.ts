import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { validationError } from './errors.js';

// ajv-formats is CommonJS; its default export arrives wrapped under ESM.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const build = (coerceTypes: boolean | 'array') => {
  const ajv = new Ajv({
    allErrors: true, // the contract reports every problem at once
    verbose: true, // errors carry their schema, where the dedicated error codes live
    coerceTypes,
    removeAdditional: false,
    useDefaults: false,
    strict: false,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'x-missing-code', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-invalid-code', schemaType: 'string' });
  return ajv;
};

// JSON bodies are validated as sent: "1" is not an integer. Query strings and path parameters are
// text by nature, so they are coerced.
const bodyAjv = build(false);
const textAjv = build('array');

/**
 * Each schema is compiled when its route is first called, not when the server starts: compiling every
 * route's schemas was the largest part of the start, and of the memory of a server whose clients use a
 * few routes. The wrapper carries the compiled function's `errors`, where Fastify reads them.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  let compiled: ValidateFunction | undefined;
  const validate = Object.assign(
    (data: unknown): boolean => {
      compiled ??= ajv.compile(schema as object);
      const valid = compiled(data) as boolean;
      validate.errors = compiled.errors;
      return valid;
    },
    { errors: undefined as ValidateFunction['errors'] },
  );
  return validate;
};

/** The problems of a JSON value outside a request's body (a tool's arguments on /mcp), as a body's are found: every one, with the schema's codes. */
export const jsonValueValidator = (schema: object) => {
  let compiled: ValidateFunction | undefined;
  return (value: unknown): ErrorObject[] => {
    compiled ??= bodyAjv.compile(schema);
    return compiled(value) ? [] : (compiled.errors ?? []);
  };
};

type SchemaFailure = Error & { validation?: ErrorObject[]; validationContext?: string };

/**
 * For a route declared with `attachValidation: true`: its body's schema problems (undefined when the
 * body passed), and which top-level parts of the body are usable as typed — present, with no problem
 * inside — so the route can check those parts too and answer every problem at once (docs/api/conventions.md).
 */
export const bodyValidation = <Body extends object>(request: FastifyRequest & { body: Body }) => {
  const failure = request.validationError as SchemaFailure | undefined;
  if (!failure) return undefined;
  // Only the body is merged; a bad path parameter or header is answered as usual.
  if (failure.validationContext !== 'body' || !failure.validation) throw failure;
  const errors = failure.validation;
  const body = request.body as unknown;
  return {
    problems: validationError(errors, 'body').problems,
    usable: <Part extends keyof Body & string>(part: Part): Body[Part] | undefined => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
      const inside = errors.some((e) => e.instancePath === `/${part}` || e.instancePath.startsWith(`/${part}/`));
      return inside ? undefined : (body as Body)[part];
    },
  };
};
