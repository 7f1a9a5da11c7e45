import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldLabel } from '../../../web/src/sign/field-label.js';
import type { SigningField } from '../../../web/src/sign/signing-types.js';

const field = (placeholder: string | null, type: SigningField['type'] = 'text') => ({ placeholder, type }) as SigningField;

describe('field labels on the signing page', () => {
  it('reads a machine placeholder as words', () => assert.equal(fieldLabel(field('company_name')), 'Company name'));
  it('falls back to the type for a field without a placeholder (the API sends null)', () => {
    assert.equal(fieldLabel(field(null, 'signature')), 'Signature');
    assert.equal(fieldLabel(field('', 'date_signed')), 'Date signed');
  });
});
