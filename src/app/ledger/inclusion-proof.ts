import { AppError } from '../../domain/app-error.js';
import { readEntryHashesOfBlocks } from '../../infra/db/tables/ledger-table.js';
import { leafHash } from '@countersign/verify/ledger';
import { buildInclusionProof } from '../../infra/ledger/merkle-proofs.js';
import type { AppContext } from '../context.js';
import { extendLedgerNodes, ledgerSubtreeSource } from './ledger-nodes.js';
import { numberedLogState } from './numbered-log-state.js';

/** An RFC 9162 inclusion proof of one block, as `GET /ledger/proof/{block_number}` publishes it. */
export interface InclusionProof {
  blockNumber: number;
  treeSize: number;
  /** Hex SHA-256(0x00 ‖ the 32 raw bytes of the block's entry hash). */
  leafHash: string;
  /** Hex hashes, bottom first. */
  auditPath: string[];
}

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** The proof of a block known to be in the log, in the tree of its first `treeSize` blocks. */
export const inclusionProofIn = async (ctx: AppContext, blockNumber: number, treeSize: number): Promise<InclusionProof> => {
  await extendLedgerNodes(ctx.db, treeSize);
  const [entryHash] = await readEntryHashesOfBlocks(ctx.db, blockNumber, blockNumber);
  if (!entryHash) throw new Error(`The ledger has no block ${blockNumber}.`);
  const path = await buildInclusionProof(blockNumber - 1, treeSize, ledgerSubtreeSource(ctx.db));
  return {
    blockNumber,
    treeSize,
    leafHash: toHex(leafHash(Buffer.from(entryHash, 'hex'))),
    auditPath: path.map(toHex),
  };
};

/**
 * `GET /ledger/proof/{block_number}?tree_size=`: the block's inclusion in the tree of that size,
 * by default the whole log (the size the head has now).
 */
export const getInclusionProof = async (ctx: AppContext, query: { blockNumber: number; treeSize?: number }): Promise<InclusionProof> => {
  const { size } = await numberedLogState(ctx);
  if (query.blockNumber > size) {
    throw new AppError('LEDGER_BLOCK_NOT_FOUND', `The ledger has ${size} block(s); there is no block ${query.blockNumber}.`);
  }
  const treeSize = query.treeSize ?? size;
  if (treeSize < query.blockNumber || treeSize > size) {
    throw new AppError('INVALID_TREE_SIZE', `tree_size must be from ${query.blockNumber} (the block) to ${size} (the current head).`, {
      field: 'querystring.tree_size',
    });
  }
  return inclusionProofIn(ctx, query.blockNumber, treeSize);
};
