import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJsonStringify from 'fast-json-stringify';

type Schema = Record<string, unknown>;

const isObjectSchema = (schema: Schema): boolean =>
  schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'));
const isNullSchema = (schema: Schema): boolean => schema.type === 'null';
/** An object schema of named properties only: a map (patternProperties, additionalProperties) has keys no merge could list. */
const hasNamedPropertiesOnly = (schema: Schema): boolean =>
  schema.patternProperties === undefined && (schema.additionalProperties === undefined || schema.additionalProperties === false);
const typesOf = (schema: Schema): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/**
 * Several schemas of one property, as one: objects and null merge (see unionForSerialization); values
 * of plain types become their types, their constraints being the validator's business, not the
 * serializer's. Anything else stays a union, which fast-json-stringify resolves by validating.
 */
const mergedForSerialization = (variants: Schema[]): Schema => {
  const distinct = [...new Map(variants.map((variant) => [JSON.stringify(variant), variant])).values()];
  if (distinct.length === 1) return distinct[0]!;
  const merged = unionForSerialization({ anyOf: distinct });
  if (!merged.anyOf) return merged;
  if (distinct.every((variant) => variant.type !== undefined && !isObjectSchema(variant) && typesOf(variant).every((t) => t !== 'array'))) {
    const types = [...new Set(distinct.flatMap(typesOf))];
    return { type: types.length === 1 ? types[0] : types };
  }
  return merged;
};

/**
 * A union of object schemas (and null) as one object schema holding every branch's properties.
 * fast-json-stringify serializes a union by validating the value against each branch in turn, with
 * every format and pattern: for the envelope details' signer-or-group entries that was the largest
 * part of the answer's cost. The presenters build each body exactly, so the branch a value belongs
 * to needs no finding: writing the properties it has is enough, and any property outside every
 * branch is still left out.
 */
const unionForSerialization = (schema: Schema): Schema => {
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[];
  const objects = branches.filter(isObjectSchema);
  const nullable = branches.some((branch) => isNullSchema(branch) || (Array.isArray(branch.type) && branch.type.includes('null')));
  if (objects.length === 0 || objects.length + branches.filter(isNullSchema).length !== branches.length) return schema;
  if (!objects.every(hasNamedPropertiesOnly)) return schema;
  const names = [...new Set(objects.flatMap((branch) => Object.keys((branch.properties ?? {}) as Schema)))];
  const properties = Object.fromEntries(
    names.map((name) => [
      name,
      mergedForSerialization(
        objects.flatMap((branch): Schema[] => {
          const property = (branch.properties as Record<string, Schema> | undefined)?.[name];
          return property ? [property] : [];
        }),
      ),
    ]),
  );
  const { anyOf: _anyOf, oneOf: _oneOf, ...annotations } = schema;
  return { ...annotations, type: nullable ? ['object', 'null'] : 'object', properties };
};

/** The schema fast-json-stringify compiles for a response: its unions of objects merged, everywhere in it. */
export const serializationSchema = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(serializationSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const walked = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, serializationSchema(value)])) as Schema;
  return walked.anyOf || walked.oneOf ? unionForSerialization(walked) : walked;
};

/**
 * Response serializers, each compiled on the route's first answer with that status rather than when
 * the server starts (as the validators are, src/http/validator.ts): a server pays only for the routes
 * its clients call.
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  let compiled: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    compiled ??= fastJsonStringify(serializationSchema(schema) as Parameters<typeof fastJsonStringify>[0]);
    return compiled(data);
  };
};
