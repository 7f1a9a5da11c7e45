import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { fieldLabel, type TypeNames } from '../../../web/src/sign/field-label.js';
import type { SigningField } from '../../../web/src/sign/signing-types.js';

const TYPE_NAMES: TypeNames = JSON.parse(readFileSync(new URL('../../../assets/i18n/en.json', import.meta.url), 'utf8')).sign.fields.types;

const field = (placeholder: string | null, type: SigningField['type'] = 'text') => ({ placeholder, type }) as SigningField;

describe('field labels on the signing page', () => {
  it('reads a machine placeholder as words', () => assert.equal(fieldLabel(field('company_name'), TYPE_NAMES), 'Company name'));
  it('falls back to the type for a field without a placeholder (the API sends null)', () => {
    assert.equal(fieldLabel(field(null, 'signature'), TYPE_NAMES), 'Signature');
    assert.equal(fieldLabel(field('', 'date_signed'), TYPE_NAMES), 'Date signed');
  });
});
