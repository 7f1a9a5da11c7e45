import assert from 'node:assert/strict';
import { randomBytes, scryptSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { hashPassword, verifyPassword } from '../../../src/infra/password-hash.js';

describe('password hashes', () => {
  it('are scrypt with their parameters and a fresh salt, and verify only the password they hash', async () => {
    const first = await hashPassword('copper kettle orbit lantern');
    const second = await hashPassword('copper kettle orbit lantern');
    assert.match(first, /^scrypt\$ln=15,r=8,p=3\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    assert.notEqual(first, second, 'a new salt each time');
    assert.ok(!first.includes('kettle'));
    assert.equal(await verifyPassword('copper kettle orbit lantern', first), true);
    assert.equal(await verifyPassword('copper kettle orbit lanterN', first), false);
    assert.equal(await verifyPassword('', first), false);
  });

  it('treat the NFC and NFD spellings of a password as the same password', async () => {
    const hash = await hashPassword('café crème brûlée');
    assert.equal(await verifyPassword('café crème brûlée'.normalize('NFD'), hash), true);
  });

  it('verify a hash made with other parameters, which it carries', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('copper kettle orbit lantern', salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const older = `scrypt$ln=14,r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`;
    assert.equal(await verifyPassword('copper kettle orbit lantern', older), true);
    assert.equal(await verifyPassword('copper kettle orbit lantern', older.replace('ln=14', 'ln=15')), false);
  });

  it('refuse anything that is not such a hash, without throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$ln=15,r=8,p=3$abc', 'scrypt$ln=99,r=8,p=3$AAAA$AAAA', 'scrypt1$AAAA$AAAA']) {
      assert.equal(await verifyPassword('copper kettle orbit lantern', stored), false, stored);
    }
  });
});
