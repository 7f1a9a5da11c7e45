import type { Db } from '../database.js';
import type { StoredNode, Subtree } from '../../ledger/merkle-proofs.js';

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

/** The stored hashes of these subtrees (those not stored yet are left out). */
export const readLedgerNodes = async (db: Db, subtrees: readonly Subtree[]): Promise<StoredNode[]> => {
  if (!subtrees.length) return [];
  const rows = await db
    .selectFrom('ledger_nodes')
    .select(['level', 'node_index', 'hash'])
    .where((eb) => eb.or(subtrees.map(({ level, index }) => eb.and([eb('level', '=', level), eb('node_index', '=', index)]))))
    .execute();
  return rows.map((row) => ({ level: row.level, index: row.node_index, hash: fromHex(row.hash) }));
};

/** How many nodes of this level are stored: they are always the first ones, without gaps. */
export const countLedgerNodes = async (db: Db, level: number): Promise<number> => {
  const row = await db
    .selectFrom('ledger_nodes')
    .select((eb) => eb.fn.max('node_index').as('last'))
    .where('level', '=', level)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
};

/**
 * Stores nodes in one statement. Two requests extending the same nodes at once compute the same
 * hashes, so the one that comes second changes nothing.
 */
export const insertLedgerNodes = async (db: Db, nodes: readonly StoredNode[]): Promise<void> => {
  if (!nodes.length) return;
  await db
    .insertInto('ledger_nodes')
    .values(nodes.map((node) => ({ level: node.level, node_index: node.index, hash: Buffer.from(node.hash).toString('hex') })))
    .onConflict((oc) => oc.columns(['level', 'node_index']).doNothing())
    .execute();
};
