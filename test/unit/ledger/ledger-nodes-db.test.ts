import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pino from 'pino';
import type { AppContext } from '../../../src/app/context.js';
import { getConsistencyProof } from '../../../src/app/ledger/consistency-proof.js';
import { getInclusionProof } from '../../../src/app/ledger/inclusion-proof.js';
import { extendLedgerNodes } from '../../../src/app/ledger/ledger-nodes.js';
import { systemClock } from '../../../src/domain/clock.js';
import { verifyConsistency } from '@countersign/verify';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../../src/infra/db/database.js';
import { inclusionProof, merkleRoot } from '../../../src/infra/ledger/merkle.js';
import { freshDatabaseConfig, testDatabases } from '../../support/databases.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const fromHex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));

const entryHash = (block: number) => createHash('sha256').update(`entry ${block}`).digest('hex');

/** Writes blocks as if appended and numbered: the proofs read only the entry hashes and the log's size. */
const appendBlocks = async (handle: DatabaseHandle, from: number, to: number) => {
  const rows = Array.from({ length: to - from + 1 }, (_, i) => ({
    id: from + i,
    block_number: from + i,
    envelope_id: 'env_synthetic',
    sequence: from + i,
    body: '{}',
    entry_hash: entryHash(from + i),
    occurred_at: '2026-01-01T00:00:00.000Z',
  }));
  for (let i = 0; i < rows.length; i += 500)
    await handle.db
      .insertInto('ledger_entries')
      .values(rows.slice(i, i + 500))
      .execute();
  await handle.db.updateTable('ledger_state').set({ size: to }).where('id', '=', 1).execute();
};

const leaves = (size: number) => Array.from({ length: size }, (_, i) => fromHex(entryHash(i + 1)));

/** Perfect subtrees of 16 leaves or more within `size` leaves. */
const storedNodeCount = (size: number) => {
  let count = 0;
  for (let width = 16; width <= size; width *= 2) count += Math.floor(size / width);
  return count;
};

for (const kind of testDatabases) {
  describe(`ledger proofs from the stored nodes on ${kind}`, () => {
    let database: Awaited<ReturnType<typeof freshDatabaseConfig>>;
    let handles: DatabaseHandle[];
    const contextOf = (handle: DatabaseHandle) => ({ db: handle.db, clock: systemClock, logger: pino({ level: 'silent' }) }) as AppContext;

    before(async () => {
      database = await freshDatabaseConfig(kind);
      handles = Array.from({ length: kind === 'postgres' ? 2 : 1 }, () => openDatabase(database.config));
      await migrateToLatest(handles[0]!);
    });
    after(async () => {
      for (const handle of handles) await handle.close();
      await database.drop();
    });

    it('stores every perfect subtree of 16 leaves or more once, when several processes extend them at once', async () => {
      await appendBlocks(handles[0]!, 1, 2500);
      await Promise.all([...handles, ...handles].map((handle) => extendLedgerNodes(handle.db, 2500)));
      const rows = await handles[0]!.db.selectFrom('ledger_nodes').selectAll().execute();
      assert.equal(rows.length, storedNodeCount(2500));
      const all = leaves(2500);
      for (const row of rows.filter((_, i) => i % 17 === 0)) {
        const width = 2 ** row.level;
        assert.equal(row.hash, hex(merkleRoot(all.slice(row.node_index * width, (row.node_index + 1) * width))));
      }
    });

    it('proves blocks against any tree size exactly as the audit paths over every leaf, and extends the nodes as the log grows', async () => {
      await appendBlocks(handles[0]!, 2501, 3333);
      const all = leaves(3333);
      const ctx = contextOf(handles.at(-1)!);
      for (const [block, treeSize] of [
        [1, 3333],
        [3333, 3333],
        [1777, 3333],
        [16, 16],
        [17, 2500],
        [2049, 2049],
        [1000, 2600],
      ] as const) {
        const proof = await getInclusionProof(ctx, { blockNumber: block, treeSize });
        assert.deepEqual(proof.auditPath, inclusionProof(all.slice(0, treeSize), block - 1).map(hex), `${block} in ${treeSize}`);
      }
      assert.equal((await handles[0]!.db.selectFrom('ledger_nodes').selectAll().execute()).length, storedNodeCount(3333));
    });

    it('proves every older size consistent with the current one', async () => {
      const all = leaves(3333);
      const ctx = contextOf(handles[0]!);
      for (const from of [1, 2, 15, 16, 17, 1024, 2500, 3000, 3333]) {
        const { proof } = await getConsistencyProof(ctx, { from, to: 3333 });
        assert.ok(verifyConsistency(from, 3333, proof.map(fromHex), merkleRoot(all.slice(0, from)), merkleRoot(all)), `${from}`);
      }
    });
  });
}
