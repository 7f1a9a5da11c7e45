import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mappedSigner } from '../../../src/domain/form-field-map.js';

describe('form_field_map matching (docs/api/form-fields.md)', () => {
  it('maps a field named exactly, by title or position', () => {
    const map = { 'buyer.name': 'Buyer', country: 2 };
    assert.equal(mappedSigner(map, 'buyer.name'), 'Buyer');
    assert.equal(mappedSigner(map, 'country'), 2);
  });

  it('maps every field under a prefix ending in *, and * alone maps every field', () => {
    assert.equal(mappedSigner({ 'buyer.*': 'Buyer' }, 'buyer.address.city'), 'Buyer');
    assert.equal(mappedSigner({ 'buyer*': 1 }, 'buyer'), 1);
    assert.equal(mappedSigner({ '*': 3 }, 'anything at all'), 3);
  });

  it('lets an exact name win over every prefix, and a longer prefix over a shorter one', () => {
    const map = { '*': 'Witness', 'buyer.*': 'Buyer', 'buyer.address.*': 'Agent', 'buyer.address.city': 'Clerk' };
    assert.equal(mappedSigner(map, 'buyer.address.city'), 'Clerk');
    assert.equal(mappedSigner(map, 'buyer.address.street'), 'Agent');
    assert.equal(mappedSigner(map, 'buyer.phone'), 'Buyer');
    assert.equal(mappedSigner(map, 'seller.phone'), 'Witness');
  });

  it('answers null for a field no key matches: names compare exactly, case included, and a * inside a key is literal', () => {
    assert.equal(mappedSigner({ 'Buyer.name': 1 }, 'buyer.name'), null);
    assert.equal(mappedSigner({ 'buyer.*.city': 1 }, 'buyer.address.city'), null);
    assert.equal(mappedSigner({ 'buyer.*.city': 1 }, 'buyer.*.city'), 1);
    assert.equal(mappedSigner({}, 'buyer.name'), null);
  });

  it('does not read keys the map inherits (a field called toString or __proto__ is just a name)', () => {
    assert.equal(mappedSigner({}, 'toString'), null);
    assert.equal(mappedSigner(JSON.parse('{"__proto__": 2}'), '__proto__'), 2);
  });
});
