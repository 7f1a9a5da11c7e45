import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PASSWORD_RULES, assertStrongPassword } from '../../../src/domain/password-policy.js';
import { commonPasswords } from '../../../src/infra/common-passwords.js';
import { expectAppError } from './expect-app-error.js';

const person = { name: 'Ada Lovelace', email: 'ada.lovelace@analytical.example', commonPasswords: commonPasswords() };

const refused = (password: string, context = person) =>
  expectAppError(() => assertStrongPassword(password, context, 'owner.password'), 400, 'WEAK_PASSWORD');
const accepted = (password: string, context = person) =>
  assert.doesNotThrow(() => assertStrongPassword(password, context, 'owner.password'));

describe('password rules', () => {
  it('accepts 12 to 256 characters, counted as characters rather than bytes', () => {
    accepted('copper kettle orbit lantern');
    accepted('kettleorbit!');
    accepted('ключ-фонарь-1');
    accepted(`${'copper kettle orbit lantern '.repeat(9)}zebra`.slice(0, PASSWORD_RULES.maxLength));
    accepted('日本語の長いパスワードです'); // 13 characters, 39 bytes
  });

  it('refuses fewer than 12 characters and more than 256 with WEAK_PASSWORD on the field it came in', () => {
    const short = refused('kettle orbi');
    assert.equal(short.problems[0]?.field, 'owner.password');
    assert.match(short.message, /has 11 characters; it needs at least 12/);
    refused('');
    refused('😀'.repeat(11)); // 22 UTF-16 units, 11 characters
    assert.match(refused(`${'copper kettle orbit lantern '.repeat(10)}`.slice(0, 257)).message, /at most 256/);
  });

  it('refuses a password that is mostly the name or the e-mail address', () => {
    refused('ada.lovelace@analytical.example');
    refused('AdaLovelace1815');
    refused('lovelace-ada-99');
    refused('Analytical2024!');
    accepted('Ada likes copper kettles'); // the name is in it, but it is not most of it
  });

  it('refuses common passwords, also with digits or symbols around them, or repeated', () => {
    for (const password of [
      'password1234',
      'Password2024!',
      '!!qwertyuiop!!',
      '123456789012',
      'qwertyqwerty',
      'dragondragon',
      'aaaaaaaaaaaa',
      'abababababab',
      '1212121212121212',
    ]) {
      assert.match(refused(password).message, /common/, password);
    }
    assert.ok(person.commonPasswords.size >= 10_000);
  });

  it('never repeats the password in its refusal', () => {
    for (const password of ['tooshort', 'AdaLovelace1815', 'Password2024!']) assert.ok(!refused(password).message.includes(password));
  });
});
