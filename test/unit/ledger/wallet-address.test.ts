import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { walletAddress } from '../../../src/infra/ledger/wallet-address.js';

describe('walletAddress', () => {
  it('is 0x and the first 40 hex digits of SHA-256("accountId:email")', () => {
    const expected = createHash('sha256').update('acct_123:ada@acme.test').digest('hex').slice(0, 40);
    assert.equal(walletAddress('acct_123', 'ada@acme.test'), `0x${expected}`);
    assert.match(walletAddress('acct_123', 'ada@acme.test'), /^0x[0-9a-f]{40}$/);
  });

  it("is stable across the e-mail address's letter case", () => {
    assert.equal(walletAddress('acct_123', 'Ada@ACME.test'), walletAddress('acct_123', 'ada@acme.test'));
  });

  it('differs between accounts and between signers', () => {
    assert.notEqual(walletAddress('acct_1', 'ada@acme.test'), walletAddress('acct_2', 'ada@acme.test'));
    assert.notEqual(walletAddress('acct_1', 'ada@acme.test'), walletAddress('acct_1', 'bob@acme.test'));
  });
});
