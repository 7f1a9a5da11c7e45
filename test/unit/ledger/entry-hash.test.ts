import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import canonicalizeModule from 'canonicalize';
import fc from 'fast-check';
import { GENESIS_HASH, computeEntryHash, verifyChain, type ChainedEntry } from '../../../src/infra/ledger/entry-hash.js';

// The independent recomputation a verifier would write from docs/concepts/ledger.md alone.
const canonicalize = canonicalizeModule as unknown as typeof canonicalizeModule.default;
const referenceHash = (entry: Record<string, unknown>): string => {
  const { entry_hash: _omitted, ...rest } = entry;
  return createHash('sha256')
    .update(Buffer.from(String(entry.previous_hash), 'utf8'))
    .update(Buffer.from(canonicalize(rest) ?? '', 'utf8'))
    .digest('hex');
};

type EntryBody = Omit<ChainedEntry, 'previous_hash' | 'entry_hash'>;

const chainOf = (bodies: readonly EntryBody[]): ChainedEntry[] => {
  const entries: ChainedEntry[] = [];
  for (const body of bodies) {
    const previous_hash = entries.at(-1)?.entry_hash ?? GENESIS_HASH;
    const unhashed = { ...body, previous_hash };
    entries.push({ ...unhashed, entry_hash: computeEntryHash(unhashed) });
  }
  return entries;
};

const entryBodies = fc.array(
  fc.record({
    sequence: fc.nat(),
    activity_type: fc.constantFrom('ENVELOPE_CREATED', 'DOCUMENT_VIEWED', 'DOCUMENT_SIGNED', 'ENVELOPE_DECLINED'),
    actor: fc.record({ name: fc.string(), email: fc.emailAddress() }),
    ip_address: fc.option(fc.ipV4(), { nil: null }),
    user_agent: fc.string({ unit: 'binary' }),
    occurred_at: fc.date({ min: new Date(0), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  }),
  { minLength: 1, maxLength: 8 },
);

const createdEntry = {
  sequence: 1,
  activity_type: 'ENVELOPE_CREATED',
  actor: { name: 'Ada Lovelace', email: 'ada@acme.test' },
  ip_address: '203.0.113.7',
  user_agent: 'curl/8.5',
  occurred_at: '2026-11-21T08:15:32.000Z',
  previous_hash: GENESIS_HASH,
};

describe('computeEntryHash', () => {
  it('is hex SHA-256 of the previous hash followed by the RFC 8785 JSON of the entry, as docs/concepts/ledger.md says', () => {
    const canonical =
      '{"activity_type":"ENVELOPE_CREATED","actor":{"email":"ada@acme.test","name":"Ada Lovelace"},' +
      `"ip_address":"203.0.113.7","occurred_at":"2026-11-21T08:15:32.000Z","previous_hash":"${GENESIS_HASH}",` +
      '"sequence":1,"user_agent":"curl/8.5"}';
    const expected = createHash('sha256')
      .update(GENESIS_HASH + canonical, 'utf8')
      .digest('hex');
    assert.equal(computeEntryHash(createdEntry), expected);
    assert.match(expected, /^[0-9a-f]{64}$/);
  });

  it('ignores an entry_hash key and the order of keys', () => {
    const reordered = Object.fromEntries(Object.entries(createdEntry).reverse()) as typeof createdEntry;
    assert.equal(computeEntryHash({ ...reordered, entry_hash: 'f'.repeat(64) }), computeEntryHash(createdEntry));
  });

  it('has 64 zeros as the genesis hash', () => {
    assert.equal(GENESIS_HASH, '0'.repeat(64));
  });

  it('matches an independent implementation for any chain', () => {
    fc.assert(
      fc.property(entryBodies, (bodies) => {
        for (const entry of chainOf(bodies)) assert.equal(entry.entry_hash, referenceHash(entry));
      }),
    );
  });
});

describe('verifyChain', () => {
  it('verifies an intact chain, and an empty one', () => {
    fc.assert(
      fc.property(entryBodies, (bodies) => {
        assert.deepEqual(verifyChain(chainOf(bodies)), { verified: true });
      }),
    );
    assert.deepEqual(verifyChain([]), { verified: true });
  });

  it('breaks at the entry whose field was changed', () => {
    fc.assert(
      fc.property(
        entryBodies,
        fc.nat(),
        fc.constantFrom('sequence', 'activity_type', 'actor', 'ip_address', 'user_agent', 'occurred_at'),
        (bodies, pick, key) => {
          const entries = chainOf(bodies);
          const index = pick % entries.length;
          const tampered = entries.map((entry, i) => (i === index ? { ...entry, [key]: `${JSON.stringify(entry[key])}x` } : entry));
          assert.deepEqual(verifyChain(tampered), { verified: false, brokenAt: index });
        },
      ),
    );
  });

  it('breaks at an entry that is removed, reordered or re-linked', () => {
    const entries = chainOf([{ sequence: 1 }, { sequence: 2 }, { sequence: 3 }]);
    assert.deepEqual(verifyChain([entries[0]!, entries[2]!]), { verified: false, brokenAt: 1 });
    assert.deepEqual(verifyChain([entries[1]!, entries[0]!, entries[2]!]), { verified: false, brokenAt: 0 });
    const relinked = { ...entries[1]!, previous_hash: GENESIS_HASH };
    assert.deepEqual(verifyChain([entries[0]!, { ...relinked, entry_hash: computeEntryHash(relinked) }, entries[2]!]), {
      verified: false,
      brokenAt: 1,
    });
  });

  it('breaks at an entry whose hash was rewritten or is malformed', () => {
    const entries = chainOf([{ sequence: 1 }, { sequence: 2 }]);
    assert.deepEqual(verifyChain([entries[0]!, { ...entries[1]!, entry_hash: 'a'.repeat(64) }]), { verified: false, brokenAt: 1 });
    assert.deepEqual(verifyChain([{ ...entries[0]!, entry_hash: entries[0]!.entry_hash.toUpperCase() }]), { verified: false, brokenAt: 0 });
  });
});
