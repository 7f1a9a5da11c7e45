import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from 'typebox';
import { EnvelopeDetails, envelopeDetailsExample } from '../../../src/http/routes/envelopes/get-envelope-details.js';
import { serializationSchema, serializerCompiler } from '../../../src/http/serializer.js';
import { Ok } from '../../../src/http/schema-kit.js';

const serializer = (schema: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string;

const unionsIn = (schema: unknown): string[] => {
  if (Array.isArray(schema)) return schema.flatMap(unionsIn);
  if (schema === null || typeof schema !== 'object') return [];
  const own = 'anyOf' in schema || 'oneOf' in schema ? [JSON.stringify(schema).slice(0, 120)] : [];
  return [...own, ...Object.values(schema).flatMap(unionsIn)];
};

describe('response serialization (src/http/serializer.ts)', () => {
  const Person = Type.Object({ name: Type.String(), email: Type.String({ format: 'email' }) });
  const Group = Type.Object({ group: Type.Object({ name: Type.String(), members: Type.Array(Person) }), status: Type.String() });
  const Entries = Type.Array(Type.Union([Person, Group]));

  it('writes each entry of an object union with the properties it has, and nothing outside every branch', () => {
    const write = serializer(Entries);
    const entries = [
      { name: 'Ada', email: 'ada@example.com', secret: 'left out' },
      { group: { name: 'Board', members: [{ name: 'Grace', email: 'grace@example.com' }] }, status: 'Sent', token: 'left out' },
    ];
    assert.deepEqual(JSON.parse(write(entries)), [
      { name: 'Ada', email: 'ada@example.com' },
      { group: { name: 'Board', members: [{ name: 'Grace', email: 'grace@example.com' }] }, status: 'Sent' },
    ]);
  });

  it('writes a nullable object as null or as the object', () => {
    const write = serializer(Type.Object({ host: Type.Union([Person, Type.Null()]) }));
    assert.equal(write({ host: null }), '{"host":null}');
    assert.equal(write({ host: { name: 'Ada', email: 'ada@example.com' } }), '{"host":{"name":"Ada","email":"ada@example.com"}}');
  });

  it('leaves a union with a map branch as a union: a merge could not list its keys', () => {
    const WithMap = Type.Union([Type.Record(Type.String(), Type.String()), Type.Null()]);
    assert.deepEqual(serializationSchema(WithMap), JSON.parse(JSON.stringify(WithMap)));
    assert.equal(serializer(Type.Object({ metadata: WithMap }))({ metadata: { colour: 'blue' } }), '{"metadata":{"colour":"blue"}}');
  });

  it('answers the envelope details without a union left to resolve by validation, as JSON.stringify would', () => {
    const schema = Ok(EnvelopeDetails);
    assert.deepEqual(unionsIn(serializationSchema(schema)), []);
    const body = { message: 'Envelope details.', data: envelopeDetailsExample };
    assert.deepEqual(JSON.parse(serializer(schema)(body)), JSON.parse(JSON.stringify(body)));
  });
});
