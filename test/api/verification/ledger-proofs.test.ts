import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { X509Certificate, createHash } from 'node:crypto';
import { verifyConsistency, verifyInclusion, verifyTreeHead } from '@countersign/verify';
import { merkleRoot } from '../../../src/infra/ledger/merkle.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';

const unhex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

describeOnEachDatabase('ledger proofs and trust', (server) => {
  let token: string;

  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const get = (path: string) => server.call('GET', `/api/v2.0${path}`, { noAppAuthType: true });
  const head = async () => (await get('/ledger/head')).body.data;

  const entryHashesInBlockOrder = async () =>
    (await server.service.ctx.db.selectFrom('ledger_entries').select('entry_hash').orderBy('block_number', 'asc').execute()).map(
      (row) => row.entry_hash,
    );

  /** Envelopes and their invitations, enough to fill several stored chunks of 16 leaves. */
  const moreActivity = async (envelopes: number) => {
    for (let i = 0; i < envelopes; i++) await createEnvelope(server, token);
    await server.service.worker.drain();
  };

  it('proves every block of the log, without authentication, against the signed head', async () => {
    await moreActivity(12);
    const current = await head();
    assert.ok(verifyTreeHead(current, current.public_key));
    assert.ok(current.tree_size > 32, `${current.tree_size} blocks`);
    const entries = await entryHashesInBlockOrder();
    assert.equal(entries.length, current.tree_size);
    for (let block = 1; block <= current.tree_size; block++) {
      const response = await get(`/ledger/proof/${block}?tree_size=${current.tree_size}`);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const proof = response.body.data;
      assert.deepEqual(Object.keys(proof).sort(), ['audit_path', 'block_number', 'leaf_hash', 'tree_size']);
      assert.equal(proof.block_number, block);
      assert.equal(proof.tree_size, current.tree_size);
      const leaf = unhex(entries[block - 1]!);
      assert.ok(
        verifyInclusion(leaf, block - 1, current.tree_size, proof.audit_path.map(unhex), unhex(current.root_hash)),
        `block ${block}`,
      );
    }
  });

  it('answers the leaf hash as SHA-256 of 0x00 and the raw entry hash, and defaults to the current head', async () => {
    const current = await head();
    const response = await get('/ledger/proof/3');
    assert.equal(response.status, 200);
    assert.equal(response.body.data.tree_size, current.tree_size);
    const [, , third] = await entryHashesInBlockOrder();
    const expected = createHash('sha256').update(Uint8Array.of(0)).update(unhex(third!)).digest('hex');
    assert.equal(response.body.data.leaf_hash, expected);
  });

  it('proves a block against an older head, and the older head consistent with a newer one after more activity', async () => {
    const older = await head();
    await moreActivity(5);
    const newer = await head();
    assert.ok(newer.tree_size > older.tree_size);
    const proof = await get(`/ledger/proof/${older.tree_size}?tree_size=${older.tree_size}`);
    const entries = await entryHashesInBlockOrder();
    assert.ok(
      verifyInclusion(
        unhex(entries[older.tree_size - 1]!),
        older.tree_size - 1,
        older.tree_size,
        proof.body.data.audit_path.map(unhex),
        unhex(older.root_hash),
      ),
    );
    const consistency = await get(`/ledger/consistency?from=${older.tree_size}&to=${newer.tree_size}`);
    assert.equal(consistency.status, 200, JSON.stringify(consistency.body));
    assert.deepEqual(Object.keys(consistency.body.data).sort(), ['from', 'proof', 'to']);
    const path = consistency.body.data.proof.map(unhex);
    assert.ok(verifyConsistency(older.tree_size, newer.tree_size, path, unhex(older.root_hash), unhex(newer.root_hash)));
    for (let from = 1; from <= newer.tree_size; from += 7) {
      const some = (await get(`/ledger/consistency?from=${from}&to=${newer.tree_size}`)).body.data;
      const fromRoot = (
        await server.service.ctx.db
          .selectFrom('ledger_entries')
          .select('entry_hash')
          .where('block_number', '<=', from)
          .orderBy('block_number')
          .execute()
      ).map((r) => unhex(r.entry_hash));
      assert.ok(
        verifyConsistency(from, newer.tree_size, some.proof.map(unhex), merkleRoot(fromRoot), unhex(newer.root_hash)),
        `from ${from}`,
      );
    }
  });

  it('answers an empty consistency proof between a size and itself', async () => {
    const current = await head();
    const response = await get(`/ledger/consistency?from=${current.tree_size}&to=${current.tree_size}`);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.data.proof, []);
  });

  it('answers 404 LEDGER_BLOCK_NOT_FOUND for a block beyond the log', async () => {
    const current = await head();
    const response = await get(`/ledger/proof/${current.tree_size + 1}`);
    assert.equal(response.status, 404);
    assert.equal(response.body.errors[0].error_code, 'LEDGER_BLOCK_NOT_FOUND');
  });

  it('answers 400 INVALID_BLOCK_NUMBER for a block number that is not a positive integer', async () => {
    for (const bad of ['0', '-1', 'abc', '1.5']) {
      const response = await get(`/ledger/proof/${bad}`);
      assert.equal(response.status, 400, bad);
      assert.equal(response.body.errors[0].error_code, 'INVALID_BLOCK_NUMBER', bad);
    }
  });

  it('answers 400 INVALID_TREE_SIZE for a tree that does not hold the block, or is larger than the log', async () => {
    const current = await head();
    for (const query of [
      `/ledger/proof/5?tree_size=4`,
      `/ledger/proof/1?tree_size=${current.tree_size + 1}`,
      '/ledger/proof/1?tree_size=0',
      '/ledger/proof/1?tree_size=x',
    ]) {
      const response = await get(query);
      assert.equal(response.status, 400, query);
      assert.equal(response.body.errors[0].error_code, 'INVALID_TREE_SIZE', query);
      assert.equal(response.body.errors[0].field, 'querystring.tree_size', query);
    }
  });

  it('answers 400 INVALID_TREE_SIZE for consistency sizes out of order, zero, missing or beyond the log', async () => {
    const current = await head();
    const cases = [
      [`from=3&to=2`, 'from'],
      [`from=0&to=2`, 'from'],
      [`from=1&to=${current.tree_size + 1}`, 'to'],
      [`to=2`, 'from'],
    ] as const;
    for (const [query, field] of cases) {
      const response = await get(`/ledger/consistency?${query}`);
      assert.equal(response.status, 400, query);
      assert.equal(response.body.errors[0].field, `querystring.${field}`, query);
    }
    assert.equal((await get('/ledger/consistency?from=3&to=2')).body.errors[0].error_code, 'INVALID_TREE_SIZE');
  });

  it('publishes the root certificate the seals chain to and the key that signs the heads', async () => {
    const response = await get('/ledger/trust');
    assert.equal(response.status, 200);
    const { root_certificate_pem, ledger_public_key } = response.body.data;
    const root = new X509Certificate(root_certificate_pem);
    assert.equal(root.subject, root.issuer, 'a self-signed root');
    assert.ok(Buffer.from(root.raw).equals(Buffer.from(server.service.ctx.keys.trustAnchor)));
    assert.equal(ledger_public_key, (await head()).public_key);
  });

  it('answers under the variant prefixes too', async () => {
    const variants = await Promise.all(
      ['/v2.0/ledger/trust', '/apiv2.0/ledger/proof/1', '/api/2.0/ledger/consistency?from=1&to=2'].map((path) =>
        server.call('GET', path, { noAppAuthType: true }),
      ),
    );
    assert.ok(variants.every((r) => r.status === 200));
  });
});
