import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeCredentials, encodeCredentials } from '../../../src/app/auth/credentials.js';

describe('client credentials (base64 of client_id:client_secret)', () => {
  it('decodes what it encodes, whatever the secret holds (colons included)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/), fc.string({ minLength: 1, maxLength: 80 }), (clientId, secret) => {
        assert.deepEqual(decodeCredentials(encodeCredentials(clientId, secret)), { clientId, clientSecret: secret });
      }),
    );
  });

  it('refuses strings without an id and a secret', () => {
    for (const raw of ['', 'no-colon', ':secret-only', 'id-only:']) {
      assert.equal(decodeCredentials(Buffer.from(raw).toString('base64')), undefined, raw);
    }
  });
});
