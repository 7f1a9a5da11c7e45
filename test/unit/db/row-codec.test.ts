import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bool, json, jsonOrNull, rowCodec } from '../../../src/infra/db/row-codec.js';

interface Location {
  city: string;
  lat: number;
}

interface Field {
  id: string;
  pageNumber: number;
  required: boolean;
  options: string[];
  location: Location | null;
}

interface FieldRow {
  id: string;
  page_number: number;
  required: number;
  options: string;
  location: string | null;
}

const fieldCodec = rowCodec<Field, FieldRow>({
  id: 'id',
  pageNumber: 'page_number',
  required: ['required', bool],
  options: ['options', json<string[]>()],
  location: ['location', jsonOrNull<Location>()],
});

const field: Field = { id: 'fld_1', pageNumber: 2, required: true, options: ['a', 'b'], location: { city: 'Paris', lat: 48.85 } };

describe('rowCodec', () => {
  it('stores a model as the row of its columns, through the codecs, and reads the same model back', () => {
    const row = fieldCodec.toRow(field);
    assert.deepEqual(row, { id: 'fld_1', page_number: 2, required: 1, options: '["a","b"]', location: '{"city":"Paris","lat":48.85}' });
    assert.deepEqual(fieldCodec.fromRow(row), field);
  });

  it('round-trips false and null as well', () => {
    const bare: Field = { ...field, required: false, options: [], location: null };
    const row = fieldCodec.toRow(bare);
    assert.equal(row.required, 0);
    assert.equal(row.options, '[]');
    assert.equal(row.location, null);
    assert.deepEqual(fieldCodec.fromRow(row), bare);
  });

  it('maps only the properties present in a change to columns: what an UPDATE sets', () => {
    assert.deepEqual(fieldCodec.toColumns({ required: false }), { required: 0 });
    assert.deepEqual(fieldCodec.toColumns({ pageNumber: 3, options: ['c'] }), { page_number: 3, options: '["c"]' });
    assert.deepEqual(fieldCodec.toColumns({ required: undefined }), {});
    assert.deepEqual(fieldCodec.toColumns({}), {});
  });

  it('sets a column to NULL for a property changed to null', () => {
    assert.deepEqual(fieldCodec.toColumns({ location: null }), { location: null });
  });

  it('works unbound, as in models.map(codec.toRow)', () => {
    const rows = [field, { ...field, id: 'fld_2' }].map(fieldCodec.toRow);
    assert.deepEqual(
      rows.map(fieldCodec.fromRow).map((f) => f.id),
      ['fld_1', 'fld_2'],
    );
  });
});

describe('bool', () => {
  it('stores true as 1 and false as 0, and reads them back', () => {
    assert.equal(bool.encode(true), 1);
    assert.equal(bool.encode(false), 0);
    assert.equal(bool.decode(1), true);
    assert.equal(bool.decode(0), false);
  });
});

describe('json', () => {
  it('stores a value as JSON text and parses it back', () => {
    const codec = json<{ tags: string[]; n: number }>();
    assert.equal(codec.encode({ tags: ['x'], n: 1 }), '{"tags":["x"],"n":1}');
    assert.deepEqual(codec.decode('{"tags":["x"],"n":1}'), { tags: ['x'], n: 1 });
  });
});

describe('jsonOrNull', () => {
  const codec = jsonOrNull<{ a: number }>();

  it('stores null as SQL NULL, not the text "null", and reads NULL as null', () => {
    assert.equal(codec.encode(null), null);
    assert.equal(codec.decode(null), null);
  });

  it('stores any other value as JSON text', () => {
    assert.equal(codec.encode({ a: 1 }), '{"a":1}');
    assert.deepEqual(codec.decode('{"a":1}'), { a: 1 });
  });
});
