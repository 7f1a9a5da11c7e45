import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkboxValue,
  fieldsPayload,
  initialValues,
  invalidNumbers,
  progressOf,
  readingOrder,
} from '../../../web/src/sign/field-values.js';
import type { SigningField } from '../../../web/src/sign/signing-types.js';

const field = (field_id: string, type: SigningField['type'], extra: Partial<SigningField> = {}): SigningField => ({
  field_id,
  type,
  placeholder: field_id,
  document: 1,
  page: 1,
  x: 10,
  y: 10,
  width: 100,
  height: 20,
  required: false,
  editable: true,
  default_value: null,
  options: null,
  name: null,
  show_if: null,
  ...extra,
});

const signer = { name: 'Jane Doe', email: 'jane@example.test' };

describe('initialValues', () => {
  it('prefills name, email and date_signed with the signer and today, others with default_value', () => {
    const values = initialValues(
      [
        field('n', 'name'),
        field('e', 'email'),
        field('d', 'date_signed'),
        field('t', 'text', { default_value: 'Acme' }),
        field('s', 'signature'),
      ],
      signer,
      'Nov 21, 2026',
    );
    assert.deepEqual(values, { n: 'Jane Doe', e: 'jane@example.test', d: 'Nov 21, 2026', t: 'Acme' });
  });

  it('reads a checkbox default of "TRUE" as checked and anything else as unchecked', () => {
    assert.equal(checkboxValue('TRUE'), 'true');
    assert.equal(checkboxValue('no'), 'false');
    assert.equal(checkboxValue(null), 'false');
  });
});

describe('progressOf ("2 of 5 required fields")', () => {
  const fields = [
    field('sig', 'signature', { required: true }),
    field('txt', 'text', { required: true }),
    field('box', 'checkbox', { required: true }),
    field('num', 'number', { required: true }),
    field('opt', 'text'),
    field('name', 'name', { required: true }),
    field('locked', 'text', { required: true, editable: false, default_value: 'X' }),
  ];

  it('counts only required fields the signer can act on: not server-filled, not locked, not optional', () => {
    assert.equal(progressOf(fields, {}, new Set()).total, 4);
  });

  it('counts a signature field once it is applied, a checkbox once checked, a number once it parses', () => {
    const progress = progressOf(fields, { txt: 'hello', box: 'true', num: '12.5' }, new Set(['sig']));
    assert.deepEqual([progress.done, progress.missing.length], [4, 0]);
  });

  it('lists as missing a blank text, an unchecked checkbox and a number that does not parse', () => {
    const progress = progressOf(fields, { txt: '   ', box: 'false', num: '12a' }, new Set(['sig']));
    assert.deepEqual(
      progress.missing.map((f) => f.field_id),
      ['txt', 'box', 'num'],
    );
  });
});

describe('invalidNumbers', () => {
  it('flags a filled number field that is not a number, but not an empty optional one', () => {
    const fields = [field('a', 'number'), field('b', 'number'), field('c', 'number')];
    assert.deepEqual(
      invalidNumbers(fields, { a: 'abc', b: '', c: '-3' }).map((f) => f.field_id),
      ['a'],
    );
  });
});

describe('fieldsPayload (the "fields" of POST …/sign)', () => {
  it('sends editable text, number, checkbox and dropdown values; never marks, server-filled or locked fields', () => {
    const fields = [
      field('t', 'text'),
      field('n', 'number'),
      field('c', 'checkbox'),
      field('d', 'dropdown', { options: ['A', 'B'] }),
      field('s', 'signature'),
      field('name', 'name'),
      field('locked', 'text', { editable: false, default_value: 'L' }),
    ];
    const payload = fieldsPayload(fields, { t: ' hi ', n: '3', c: 'false', d: 'B', name: 'Jane', locked: 'L' });
    assert.deepEqual(payload, [
      { field_id: 't', value: 'hi' },
      { field_id: 'n', value: '3' },
      { field_id: 'c', value: 'false' },
      { field_id: 'd', value: 'B' },
    ]);
  });

  it('omits an empty optional text field rather than sending ""', () => {
    assert.deepEqual(fieldsPayload([field('t', 'text')], { t: '' }), []);
  });
});

describe('readingOrder', () => {
  it('orders fields by document, page, then top to bottom and left to right', () => {
    const fields = [
      field('d2', 'text', { document: 2, page: 1, y: 0 }),
      field('p2', 'text', { page: 2, y: 0 }),
      field('low', 'text', { y: 300 }),
      field('right', 'text', { y: 100, x: 400 }),
      field('left', 'text', { y: 100, x: 50 }),
    ];
    assert.deepEqual(
      readingOrder(fields).map((f) => f.field_id),
      ['left', 'right', 'low', 'p2', 'd2'],
    );
  });
});
