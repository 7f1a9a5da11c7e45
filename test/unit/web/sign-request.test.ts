import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildSignRequest } from '../../../web/src/sign/sign-request.js';
import { parseSigningLocation } from '../../../web/src/sign/signing-location.js';
import { initialsOf } from '../../../web/src/sign/initials.js';

const drawn = { type: 'drawn' as const, image_png_base64: 'iVBORw0KGgo=' };
const typed = { type: 'typed' as const, text: 'JD' };
const base = { fields: [], signerName: 'Jane Doe', values: {}, location: null };

describe('buildSignRequest', () => {
  it('sends consent, the adopted signature and the separate initials', () => {
    assert.deepEqual(buildSignRequest({ ...base, marks: { signature: drawn, initials: typed } }), {
      consent: true,
      signature: drawn,
      initials: typed,
      fields: [],
    });
  });

  it('signs with the initials when the signer only has initials fields', () => {
    const request = buildSignRequest({ ...base, marks: { initials: typed } });
    assert.deepEqual(request.signature, typed);
    assert.equal('initials' in request, false);
  });

  it('signs with the typed name when the signer has no signature or initials field', () => {
    assert.deepEqual(buildSignRequest({ ...base, marks: {} }).signature, { type: 'typed', text: 'Jane Doe' });
  });

  it('sends the witness the signer named, and no witness key otherwise', () => {
    const witness = { name: 'Wanda Witness', email: 'wanda@example.test' };
    assert.deepEqual(buildSignRequest({ ...base, marks: { signature: drawn }, witness }).witness, witness);
    assert.equal('witness' in buildSignRequest({ ...base, marks: { signature: drawn }, witness: null }), false);
  });

  it('adds the captured location', () => {
    const request = buildSignRequest({ ...base, marks: { signature: drawn }, location: { latitude: 1.5, longitude: -2 } });
    assert.deepEqual(request.location, { latitude: 1.5, longitude: -2 });
  });
});

describe('parseSigningLocation', () => {
  it('reads the token from /sign/{token} and embedded mode from ?embed=1', () => {
    assert.deepEqual(parseSigningLocation('/sign/abc%2Bdef', '?embed=1'), { token: 'abc+def', embedded: true, inPerson: false });
    assert.deepEqual(parseSigningLocation('/sign/abc', ''), { token: 'abc', embedded: false, inPerson: false });
  });

  it('reads a host-led signing from ?in_person=1', () => {
    assert.deepEqual(parseSigningLocation('/sign/abc', '?in_person=1'), { token: 'abc', embedded: false, inPerson: true });
  });

  it('has no token on a bare /sign/', () => {
    assert.equal(parseSigningLocation('/sign/', '').token, null);
  });
});

describe('initialsOf', () => {
  it('suggests the capital initials of the signer name', () => {
    assert.equal(initialsOf('jane  q. doe'), 'JQD');
  });
});
