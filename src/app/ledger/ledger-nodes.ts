import type { Db } from '../../infra/db/database.js';
import { countLedgerNodes, insertLedgerNodes, readLedgerNodes } from '../../infra/db/tables/ledger-nodes-table.js';
import { readEntryHashesOfBlocks } from '../../infra/db/tables/ledger-table.js';
import { CHUNK_SIZE, STORED_LEVEL, frontierSubtrees, nodesCompletedBy, type SubtreeSource } from '../../infra/ledger/merkle-proofs.js';

/** Chunks hashed per statement while catching up: 1,024 entries read, about 130 small rows written. */
const CHUNKS_PER_BATCH = 64;

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

/** The log as a proof reads it: leaf `i` is block `i + 1`, whose data are the raw bytes of its entry hash. */
export const ledgerSubtreeSource = (db: Db): SubtreeSource => ({
  leaves: async (start, end) => (await readEntryHashesOfBlocks(db, start + 1, end)).map(fromHex),
  nodes: (subtrees) => readLedgerNodes(db, subtrees),
});

/**
 * Stores the hash of every perfect subtree of at least a chunk within the first `treeSize` blocks,
 * from where the stored nodes end. Done lazily, by the proof requests, so appending stays as it
 * was: each entry is read here once over the log's life, whoever asks first pays for the entries
 * appended since the last request. Each batch's nodes go in one statement, so the stored nodes
 * are always every node of the first chunks counted at the bottom level, the frontier they grow from.
 */
export const extendLedgerNodes = async (db: Db, treeSize: number): Promise<void> => {
  const target = Math.floor(treeSize / CHUNK_SIZE);
  for (let covered = await countLedgerNodes(db, STORED_LEVEL); covered < target;) {
    const next = Math.min(target, covered + CHUNKS_PER_BATCH);
    const subtrees = frontierSubtrees(covered);
    const stored = await readLedgerNodes(db, subtrees);
    const frontier = subtrees.map((s) => stored.find((node) => node.level === s.level && node.index === s.index)?.hash);
    if (frontier.some((hash) => !hash)) throw new Error(`The stored ledger nodes do not cover ${covered} chunks.`);
    const leaves = (await readEntryHashesOfBlocks(db, covered * CHUNK_SIZE + 1, next * CHUNK_SIZE)).map(fromHex);
    await insertLedgerNodes(db, nodesCompletedBy(covered, frontier as Uint8Array[], leaves));
    covered = next;
  }
};
