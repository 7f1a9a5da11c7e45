import assert from 'node:assert/strict';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { after, before, it } from 'node:test';
import canonicalizeModule from 'canonicalize';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';

// canonicalize is CommonJS: under NodeNext its default import is typed as the module namespace.
const canonicalize = canonicalizeModule as unknown as (value: unknown) => string;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** The keys a format-2 entry commits to through `personal_hash` rather than hashing them (docs/concepts/ledger.md "Entry formats"). */
const PERSONAL = ['actor', 'description', 'ip_address', 'user_agent'];

/** docs/concepts/ledger.md, as an outside auditor would apply it: nothing of the service's code is used. */
const recomputeChain = (entries: { entry_hash: string; previous_hash: string; format?: number; [key: string]: unknown }[]) => {
  let previous = '0'.repeat(64);
  return entries.map((entry) => {
    const { entry_hash: _published, ...published } = entry;
    assert.equal(entry.previous_hash, previous);
    const hashed =
      entry.format === 2
        ? Object.fromEntries(Object.entries(published).filter(([key]) => key !== 'personal_salt' && !PERSONAL.includes(key)))
        : published;
    if (entry.format === 2) {
      const personal = Object.fromEntries(PERSONAL.map((key) => [key, entry[key]]));
      assert.equal(
        sha256(`${String(entry.personal_salt)}${canonicalize(personal)}`),
        entry.personal_hash,
        'the personal keys match their commitment',
      );
    }
    previous = sha256(previous + canonicalize(hashed));
    return previous;
  });
};

describeOnEachDatabase('GET /envelopes/{envelopeId}/audit_logs (docs/concepts/ledger.md)', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });
  after(() => server.service.worker.drain());

  const auditLogs = (envelopeId: string, as = token) => server.call('GET', `/api/v2.0/envelopes/${envelopeId}/audit_logs`, { token: as });

  it('publishes entries that anyone can recompute with SHA-256 and RFC 8785, and says verified', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    await server.call('POST', `/api/v2.0/envelopes/${envelope_id}/update_envelope_metadata`, { token, body: { tags: ['audited'] } });
    const response = await auditLogs(envelope_id);
    assert.equal(response.status, 200);
    const { entries, head_hash, verified } = response.body.data;
    assert.equal(response.body.data.envelope_id, envelope_id);
    assert.ok(entries.length >= 2);
    assert.deepEqual(
      entries.map((e: { sequence: number }) => e.sequence),
      entries.map((_: unknown, i: number) => i + 1),
    );
    assert.equal(entries[0].activity_type, 'ENVELOPE_CREATED');
    assert.deepEqual(Object.keys(entries[0]).sort(), [
      'activity_type',
      'actor',
      'description',
      'entry_hash',
      'envelope_id',
      'format',
      'ip_address',
      'occurred_at',
      'personal_hash',
      'personal_salt',
      'previous_hash',
      'sequence',
      'user_agent',
    ]);
    assert.equal(entries[0].format, 2);
    assert.deepEqual(
      recomputeChain(entries),
      entries.map((e: { entry_hash: string }) => e.entry_hash),
    );
    assert.equal(head_hash, entries.at(-1).entry_hash);
    assert.equal(verified, true);
  });

  it('signs head_hash with the ledger key: Ed25519 over the RFC 8785 JSON of {envelope_id, head_hash}', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const { head_hash, head_signature, public_key } = (await auditLogs(envelope_id)).body.data;
    const trust = (await server.call('GET', '/api/v2.0/ledger/trust', { noAppAuthType: true })).body.data;
    assert.equal(public_key, trust.ledger_public_key);
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(trust.ledger_public_key, 'base64').toString('base64url') },
      format: 'jwk',
    });
    const signed = (headHash: string) => Buffer.from(canonicalize({ envelope_id, head_hash: headHash }), 'utf8');
    assert.ok(verify(null, signed(head_hash), key, Buffer.from(head_signature, 'base64')));
    assert.equal(verify(null, signed('0'.repeat(64)), key, Buffer.from(head_signature, 'base64')), false);
  });

  it('says verified false once a stored entry has been tampered with', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const db = server.service.ctx.db;
    const first = await db
      .selectFrom('ledger_entries')
      .select(['block_number', 'body'])
      .where('envelope_id', '=', envelope_id)
      .where('sequence', '=', 1)
      .executeTakeFirstOrThrow();
    const forged = { ...JSON.parse(first.body), description: 'Nothing happened here.' };
    await db
      .updateTable('ledger_entries')
      .set({ body: JSON.stringify(forged) })
      .where('block_number', '=', first.block_number)
      .execute();
    const { data } = (await auditLogs(envelope_id)).body;
    assert.equal(data.entries[0].description, 'Nothing happened here.');
    assert.equal(data.verified, false);
  });

  it("answers 404 ENVELOPE_NOT_FOUND for an unknown id and for another account's envelope", async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const stranger = (await server.newAccount()).accessToken;
    for (const id of ['env_unknown', envelope_id]) {
      const response = await auditLogs(id, stranger);
      assert.equal(response.status, 404);
      assert.equal(response.body.errors[0].error_code, 'ENVELOPE_NOT_FOUND');
    }
  });
});
