import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { verifyTreeHead } from '@countersign/verify';
import { merkleRoot } from '../../../src/infra/ledger/merkle.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';

describeOnEachDatabase('GET /ledger/head', (server) => {
  let token: string;

  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const head = () => server.call('GET', '/api/v2.0/ledger/head', { noAppAuthType: true });

  const entryHashesInBlockOrder = async () => {
    const rows = await server.service.ctx.db.selectFrom('ledger_entries').select('entry_hash').orderBy('block_number', 'asc').execute();
    return rows.map((row) => Uint8Array.from(Buffer.from(row.entry_hash, 'hex')));
  };

  it('answers without authentication with a tree head whose Ed25519 signature verifies with its public key', async () => {
    const response = await head();
    assert.equal(response.status, 200);
    const data = response.body.data;
    assert.deepEqual(Object.keys(data).sort(), ['public_key', 'root_hash', 'signature', 'timestamp', 'tree_size']);
    assert.match(data.root_hash, /^[0-9a-f]{64}$/);
    assert.equal(Buffer.from(data.public_key, 'base64').length, 32);
    assert.equal(data.timestamp, server.clock.now().toISOString());
    assert.ok(verifyTreeHead(data, data.public_key));
    assert.equal(verifyTreeHead({ ...data, tree_size: data.tree_size + 1 }), false, 'the signature covers tree_size');
  });

  it('grows as envelopes are created, and its root recomputes from every entry hash in block order', async () => {
    const before = (await head()).body.data;
    await createEnvelope(server, token);
    await createEnvelope(server, token);
    // The invitation jobs append entries too: let them finish so the head and the table agree.
    await server.service.worker.drain();
    const grown = (await head()).body.data;
    assert.ok(grown.tree_size > before.tree_size);
    const leaves = await entryHashesInBlockOrder();
    assert.equal(grown.tree_size, leaves.length);
    assert.equal(grown.root_hash, Buffer.from(merkleRoot(leaves)).toString('hex'));
    assert.notEqual(grown.root_hash, before.root_hash);
  });

  it('is signed by the same key on every call (the key of the data directory)', async () => {
    const [first, second] = await Promise.all([head(), head()]);
    assert.equal(first.body.data.public_key, second.body.data.public_key);
  });
});
