import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

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

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object) as ValidateFunction;
