import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conditionProblems, hiddenFieldIds, type ConditionalField } from '../../../src/domain/field-conditions.js';

const codes = (fields: Parameters<typeof conditionProblems>[0]) => conditionProblems(fields).map((p) => [p.code, p.field]);

describe('field conditions', () => {
  it('refuses a name used twice in the envelope with DUPLICATE_FIELD_NAME at the second', () => {
    assert.deepEqual(
      codes([
        { name: 'plan', path: 'a[0]' },
        { name: 'other', path: 'a[1]' },
        { name: 'plan', path: 'b[0]' },
      ]),
      [['DUPLICATE_FIELD_NAME', 'b[0].name']],
    );
  });

  it('refuses a condition on a name no field has with UNKNOWN_CONDITION_FIELD', () => {
    assert.deepEqual(
      codes([
        { name: 'plan', path: 'a[0]' },
        { showIf: { field: 'plan ', equals: 'x' }, path: 'a[1]' },
      ]),
      [['UNKNOWN_CONDITION_FIELD', 'a[1].show_if.field']],
    );
  });

  it('refuses conditions that lead back to their field with CONDITION_CYCLE, for a field on itself and for a loop of three', () => {
    assert.deepEqual(codes([{ name: 'self', showIf: { field: 'self', equals: true }, path: 'a[0]' }]), [
      ['CONDITION_CYCLE', 'a[0].show_if'],
    ]);
    assert.deepEqual(
      codes([
        { name: 'a', showIf: { field: 'b', equals: 'x' }, path: 's[0]' },
        { name: 'b', showIf: { field: 'c', equals: 'x' }, path: 's[1]' },
        { name: 'c', showIf: { field: 'a', equals: 'x' }, path: 's[2]' },
        { name: 'd', showIf: { field: 'a', equals: 'x' }, path: 's[3]' },
      ]),
      [
        ['CONDITION_CYCLE', 's[0].show_if'],
        ['CONDITION_CYCLE', 's[1].show_if'],
        ['CONDITION_CYCLE', 's[2].show_if'],
      ],
    );
  });

  it('accepts a chain without a loop', () => {
    assert.deepEqual(
      codes([
        { name: 'a', path: 's[0]' },
        { name: 'b', showIf: { field: 'a', equals: true }, path: 's[1]' },
        { showIf: { field: 'b', equals: 'yes' }, path: 's[2]' },
      ]),
      [],
    );
  });

  const fields: ConditionalField[] = [
    { id: 'box', name: 'company', showIf: null },
    { id: 'kind', name: 'kind', showIf: { field: 'company', equals: true } },
    { id: 'vat', name: null, showIf: { field: 'kind', equals: 'Ltd' } },
  ];

  it('hides a field while its source differs, and every field that depends on a hidden one', () => {
    const values = new Map<string, string | null>([
      ['box', 'false'],
      ['kind', 'Ltd'],
    ]);
    assert.deepEqual([...hiddenFieldIds(fields, (id) => values.get(id) ?? null)].sort(), ['kind', 'vat']);
  });

  it('shows the chain once each source has its value; a checkbox compares with true as "true"', () => {
    const values = new Map<string, string | null>([
      ['box', 'true'],
      ['kind', 'Ltd'],
    ]);
    assert.deepEqual([...hiddenFieldIds(fields, (id) => values.get(id) ?? null)], []);
    values.set('kind', 'Sole trader');
    assert.deepEqual([...hiddenFieldIds(fields, (id) => values.get(id) ?? null)], ['vat']);
  });

  it('ends on a stored cycle instead of looping, hiding its fields', () => {
    const loop: ConditionalField[] = [
      { id: '1', name: 'a', showIf: { field: 'b', equals: 'x' } },
      { id: '2', name: 'b', showIf: { field: 'a', equals: 'x' } },
    ];
    assert.deepEqual([...hiddenFieldIds(loop, () => 'x')].sort(), ['1', '2']);
  });
});
