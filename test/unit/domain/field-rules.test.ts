import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  FIELD_TYPES,
  resolveSignerFieldRules,
  resolveSubmittedValues,
  type FieldRulesInput,
  type SignerField,
} from '../../../src/domain/field-rules.js';

const PATH = 'recipients.signers[0].fields';
const rulesOf = (fields: FieldRulesInput[]) => resolveSignerFieldRules(fields, PATH);
const codesAt = (fields: FieldRulesInput[]) => rulesOf(fields).problems.map((p) => [p.code, p.field]);

describe('field rules at creation', () => {
  it('knows the eleven field types of the contract (§2 with radio, and the attachment of §12) and rejects others with INVALID_FIELD_TYPE', () => {
    assert.equal(FIELD_TYPES.length, 11);
    assert.deepEqual(codesAt([{ type: 'stamp' }]), [['INVALID_FIELD_TYPE', `${PATH}[0].type`]]);
  });

  it('defaults required to true for signature and initials only, and editable to true', () => {
    const { rules, problems } = rulesOf(FIELD_TYPES.filter((type) => type !== 'dropdown' && type !== 'radio').map((type) => ({ type })));
    assert.deepEqual(problems, []);
    assert.deepEqual(
      rules.filter((r) => r.required).map((r) => r.type),
      ['signature', 'initials'],
    );
    assert.ok(rules.every((r) => r.editable));
  });

  it('accepts "TRUE"/"FALSE" strings as booleans', () => {
    const { rules } = rulesOf([
      { type: 'text', required: 'TRUE', editable: 'FALSE', default_value: 'x' },
      { type: 'signature', required: 'false' },
    ]);
    assert.deepEqual(
      rules.map((r) => [r.required, r.editable]),
      [
        [true, false],
        [false, true],
      ],
    );
  });

  it('rejects other flag values with INVALID_FIELD_FLAG', () => {
    assert.deepEqual(codesAt([{ type: 'text', editable: 'yes' }]), [['INVALID_FIELD_FLAG', `${PATH}[0].editable`]]);
  });

  it('requires options on a dropdown, and refuses them elsewhere, with 400 INVALID_FIELD_OPTIONS', () => {
    assert.deepEqual(codesAt([{ type: 'dropdown' }]), [['INVALID_FIELD_OPTIONS', `${PATH}[0].options`]]);
    assert.deepEqual(codesAt([{ type: 'dropdown', options: [] }]), [['INVALID_FIELD_OPTIONS', `${PATH}[0].options`]]);
    assert.deepEqual(codesAt([{ type: 'dropdown', options: ['a', 'a'] }]), [['INVALID_FIELD_OPTIONS', `${PATH}[0].options`]]);
    assert.deepEqual(codesAt([{ type: 'text', options: ['a'] }]), [['INVALID_FIELD_OPTIONS', `${PATH}[0].options`]]);
    assert.deepEqual(rulesOf([{ type: 'dropdown', options: ['Red', 'Blue'] }]).rules[0]?.options, ['Red', 'Blue']);
  });

  it('requires options on a radio field as on a dropdown, and takes a default among them', () => {
    assert.deepEqual(codesAt([{ type: 'radio' }]), [['INVALID_FIELD_OPTIONS', `${PATH}[0].options`]]);
    assert.deepEqual(codesAt([{ type: 'radio', options: ['a', 'a'] }]), [['INVALID_FIELD_OPTIONS', `${PATH}[0].options`]]);
    assert.deepEqual(codesAt([{ type: 'radio', options: ['Monthly', 'Yearly'], default_value: 'Weekly' }]), [
      ['INVALID_FIELD_DEFAULT_VALUE', `${PATH}[0].default_value`],
    ]);
    assert.equal(rulesOf([{ type: 'radio', options: ['Monthly', 'Yearly'], default_value: 'Yearly' }]).rules[0]?.defaultValue, 'Yearly');
  });

  it('rejects a placeholder used twice by one signer with 400 DUPLICATE_FIELD_PLACEHOLDER', () => {
    assert.deepEqual(codesAt([{ type: 'text', placeholder: 'company' }, { type: 'text' }, { type: 'number', placeholder: 'company' }]), [
      ['DUPLICATE_FIELD_PLACEHOLDER', `${PATH}[2].placeholder`],
    ]);
  });

  it('checks default_value against the type with INVALID_FIELD_DEFAULT_VALUE', () => {
    const invalid: FieldRulesInput[] = [
      { type: 'number', default_value: 'ten' },
      { type: 'checkbox', default_value: 'yes' },
      { type: 'dropdown', options: ['a'], default_value: 'b' },
      { type: 'signature', default_value: 'x' },
    ];
    assert.deepEqual(
      rulesOf(invalid).problems.map((p) => p.field),
      [0, 1, 2, 3].map((i) => `${PATH}[${i}].default_value`),
    );
    const { rules, problems } = rulesOf([
      { type: 'number', default_value: '-12.5' },
      { type: 'checkbox', default_value: 'TRUE' },
      { type: 'dropdown', options: ['a'], default_value: 'a' },
    ]);
    assert.deepEqual(problems, []);
    assert.deepEqual(
      rules.map((r) => r.defaultValue),
      ['-12.5', 'true', 'a'],
    );
  });

  it('reports every problem of every field at once', () => {
    assert.equal(rulesOf([{ type: 'nope' }, { type: 'text', required: 1 }, { type: 'number', default_value: 'x' }]).problems.length, 3);
  });
});

const signerField = (id: string, overrides: Partial<SignerField> = {}): SignerField => ({
  id,
  type: 'text',
  required: false,
  editable: true,
  defaultValue: null,
  options: null,
  ...overrides,
});
const adopted = { hasSignature: true, hasInitials: false };
const problemsOf = (result: ReturnType<typeof resolveSubmittedValues>) => (result.ok ? [] : result.problems.map((p) => [p.code, p.field]));

describe('resolveSubmittedValues at signing', () => {
  it('returns submitted values, falling back to defaults', () => {
    const fields = [signerField('f1'), signerField('f2', { defaultValue: 'ACME' }), signerField('f3', { type: 'number' })];
    const result = resolveSubmittedValues(
      fields,
      [
        { field_id: 'f1', value: 'hello' },
        { field_id: 'f3', value: 42 },
      ],
      adopted,
    );
    assert.ok(result.ok);
    assert.deepEqual(
      [...result.values],
      [
        ['f1', 'hello'],
        ['f2', 'ACME'],
        ['f3', '42'],
      ],
    );
  });

  it('rejects a missing required value with 400 REQUIRED_FIELD_MISSING', () => {
    const fields = [signerField('f1', { required: true }), signerField('f2', { type: 'checkbox', required: true })];
    const result = resolveSubmittedValues(
      fields,
      [
        { field_id: 'f1', value: '  ' },
        { field_id: 'f2', value: 'false' },
      ],
      adopted,
    );
    assert.deepEqual(problemsOf(result), [
      ['REQUIRED_FIELD_MISSING', 'fields'],
      ['REQUIRED_FIELD_MISSING', 'fields'],
    ]);
  });

  it('fills signature fields from the signature and initials from the initials or the signature', () => {
    const fields = [signerField('s', { type: 'signature', required: true }), signerField('i', { type: 'initials', required: true })];
    assert.ok(resolveSubmittedValues(fields, [], { hasSignature: true, hasInitials: false }).ok);
    assert.deepEqual(problemsOf(resolveSubmittedValues(fields, [], { hasSignature: false, hasInitials: true })), [
      ['REQUIRED_FIELD_MISSING', 'fields'],
    ]);
  });

  it('rejects a changed value on a non-editable field with 400 FIELD_NOT_EDITABLE, but accepts its default', () => {
    const fields = [signerField('f1', { editable: false, defaultValue: 'fixed' })];
    assert.deepEqual(problemsOf(resolveSubmittedValues(fields, [{ field_id: 'f1', value: 'other' }], adopted)), [
      ['FIELD_NOT_EDITABLE', 'fields[0].value'],
    ]);
    assert.ok(resolveSubmittedValues(fields, [{ field_id: 'f1', value: 'fixed' }], adopted).ok);
  });

  it('rejects a value for a field that fills itself with FIELD_NOT_EDITABLE', () => {
    const fields = [signerField('d', { type: 'date_signed' })];
    assert.deepEqual(problemsOf(resolveSubmittedValues(fields, [{ field_id: 'd', value: '2020-01-01' }], adopted)), [
      ['FIELD_NOT_EDITABLE', 'fields[0].value'],
    ]);
  });

  it('rejects values that do not suit the type with 400 INVALID_FIELD_VALUE', () => {
    const fields = [
      signerField('n', { type: 'number' }),
      signerField('c', { type: 'checkbox' }),
      signerField('d', { type: 'dropdown', options: ['a', 'b'] }),
      signerField('r', { type: 'radio', options: ['a', 'b'] }),
    ];
    const result = resolveSubmittedValues(
      fields,
      [
        { field_id: 'n', value: '12abc' },
        { field_id: 'c', value: 'on' },
        { field_id: 'd', value: 'c' },
        { field_id: 'r', value: 'A' },
      ],
      adopted,
    );
    assert.deepEqual(
      problemsOf(result),
      [0, 1, 2, 3].map((i) => ['INVALID_FIELD_VALUE', `fields[${i}].value`]),
    );
  });

  it('normalises checkbox values to lower case', () => {
    const result = resolveSubmittedValues(
      [signerField('c', { type: 'checkbox', required: true })],
      [{ field_id: 'c', value: 'TRUE' }],
      adopted,
    );
    assert.ok(result.ok);
    assert.equal(result.values.get('c'), 'true');
  });

  it('rejects a field id the signer does not have with 400 UNKNOWN_FIELD_ID', () => {
    assert.deepEqual(problemsOf(resolveSubmittedValues([signerField('f1')], [{ field_id: 'fld_other', value: 'x' }], adopted)), [
      ['UNKNOWN_FIELD_ID', 'fields[0].field_id'],
    ]);
  });

  it('rejects the same field given twice', () => {
    const result = resolveSubmittedValues(
      [signerField('f1')],
      [
        { field_id: 'f1', value: 'x' },
        { field_id: 'f1', value: 'y' },
      ],
      adopted,
    );
    assert.deepEqual(problemsOf(result), [['INVALID_FIELD_VALUE', 'fields[1].field_id']]);
  });
});
