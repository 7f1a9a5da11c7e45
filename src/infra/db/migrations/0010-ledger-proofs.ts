import type { Kysely } from 'kysely';

/**
 * `ledger_nodes`: the hash (lowercase hex) of each perfect subtree of the service-wide log of at least
 * 16 leaves, `level` being log2 of its leaf count and `node_index` its position at that level. The
 * inclusion and consistency proofs (docs/concepts/ledger.md) read O(log n) of them instead of every leaf. Rows are
 * added lazily, by the first proof request that needs them (src/app/ledger/ledger-nodes.ts), so the
 * appending transactions write nothing more and the entries made before this migration are covered too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ledger_nodes')
    .addColumn('level', 'integer', (col) => col.notNull())
    .addColumn('node_index', 'integer', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('ledger_nodes_pkey', ['level', 'node_index'])
    .execute();
}
