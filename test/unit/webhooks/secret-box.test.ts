import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { secretBox } from '../../../src/infra/webhooks/secret-box.js';

describe('secretBox (AES-256-GCM)', () => {
  const box = secretBox(randomBytes(32));

  it('opens what it sealed, and never stores the secret in clear', () => {
    const sealed = box.seal('whsec_abc', 'whk_1');
    assert.equal(sealed.includes('whsec_abc'), false);
    assert.notEqual(box.seal('whsec_abc', 'whk_1'), sealed);
    assert.equal(box.open(sealed, 'whk_1'), 'whsec_abc');
  });

  it('refuses a ciphertext moved to another webhook, altered, or sealed with another key', () => {
    const sealed = box.seal('whsec_abc', 'whk_1');
    assert.throws(() => box.open(sealed, 'whk_2'));
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    assert.throws(() => box.open(`v1.${bytes.toString('base64')}`, 'whk_1'));
    assert.throws(() => secretBox(randomBytes(32)).open(sealed, 'whk_1'));
  });
});
