import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import canonicalizeModule from 'canonicalize';
import {
  GENESIS_HASH,
  computeEntryHash,
  computePersonalHash,
  newPersonalSalt,
  verifyChain,
  type ChainedEntry,
} from '../../../src/infra/ledger/entry-hash.js';

// The recomputation a verifier would write from docs/concepts/ledger.md "Entry formats" alone.
const canonicalize = canonicalizeModule as unknown as typeof canonicalizeModule.default;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const PERSONAL = ['actor', 'description', 'ip_address', 'user_agent'];

const formatTwo = (personal: Record<string, unknown>, previous_hash = GENESIS_HASH): ChainedEntry => {
  const personal_salt = newPersonalSalt();
  const unhashed = {
    format: 2,
    sequence: 1,
    envelope_id: 'env_x',
    activity_type: 'DOCUMENT_SIGNED',
    ...personal,
    occurred_at: '2026-11-21T08:15:32.000Z',
    previous_hash,
    personal_salt,
    personal_hash: sha256(personal_salt + canonicalize(Object.fromEntries(PERSONAL.map((k) => [k, personal[k]])))),
  };
  return { ...unhashed, entry_hash: computeEntryHash(unhashed) };
};

const evelyn = {
  actor: { name: 'Evelyn Erasmus', email: 'evelyn@example.test' },
  description: 'Evelyn Erasmus signed with a drawn signature.',
  ip_address: '198.51.100.23',
  user_agent: 'Mozilla/5.0',
};

describe('Ledger entry format 2', () => {
  it('hashes every key but entry_hash, the personal keys and personal_salt, as the docs say', () => {
    const entry = formatTwo(evelyn);
    const { entry_hash, personal_salt: _salt, ...rest } = entry;
    const hashed = Object.fromEntries(Object.entries(rest).filter(([key]) => !PERSONAL.includes(key)));
    assert.equal(entry_hash, sha256(entry.previous_hash + canonicalize(hashed)));
    assert.equal(entry.personal_hash, computePersonalHash(entry.personal_salt as string, entry));
  });

  it('verifies an entry whose personal keys were replaced and whose salt was dropped (an erasure)', () => {
    const entry = formatTwo(evelyn);
    const erased = {
      ...entry,
      actor: { name: 'Erased 0a1b', email: 'erased-0a1b@erased.invalid' },
      description: 'Erased 0a1b signed with a drawn signature.',
      ip_address: 'erased:0a1b',
      user_agent: 'erased:0a1b',
      personal_salt: null,
    };
    assert.deepEqual(verifyChain([entry]), { verified: true });
    assert.deepEqual(verifyChain([erased]), { verified: true });
    assert.equal(computeEntryHash(erased), entry.entry_hash, 'the same hash as before the erasure');
  });

  it('breaks on a changed personal key while the salt is there, on a changed commitment, salt or format', () => {
    const entry = formatTwo(evelyn);
    for (const tampered of [
      { ...entry, actor: { name: 'Mallory', email: 'evelyn@example.test' } },
      { ...entry, description: 'Nobody signed.' },
      { ...entry, ip_address: '203.0.113.1' },
      { ...entry, personal_salt: newPersonalSalt() },
      { ...entry, personal_hash: 'f'.repeat(64) },
      { ...entry, format: undefined },
    ]) {
      assert.deepEqual(verifyChain([tampered]), { verified: false, brokenAt: 0 }, JSON.stringify(tampered));
    }
  });

  it('chains format-1 entries and format-2 entries one after the other', () => {
    const old = {
      sequence: 1,
      activity_type: 'ENVELOPE_CREATED',
      ...evelyn,
      occurred_at: '2026-01-01T00:00:00.000Z',
      previous_hash: GENESIS_HASH,
    };
    const first = { ...old, entry_hash: computeEntryHash(old) };
    assert.equal(first.entry_hash, sha256(GENESIS_HASH + canonicalize(old)), 'format 1 hashes every key');
    const second = formatTwo(evelyn, first.entry_hash);
    assert.deepEqual(verifyChain([first, second]), { verified: true });
    assert.deepEqual(verifyChain([{ ...first, description: 'changed' }, second]), { verified: false, brokenAt: 0 });
  });
});
