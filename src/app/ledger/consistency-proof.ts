import { AppError } from '../../domain/app-error.js';
import { buildConsistencyProof } from '../../infra/ledger/merkle-proofs.js';
import type { AppContext } from '../context.js';
import { extendLedgerNodes, ledgerSubtreeSource } from './ledger-nodes.js';
import { numberedLogState } from './numbered-log-state.js';

/** An RFC 9162 consistency proof, as `GET /ledger/consistency` publishes it. */
export interface ConsistencyProof {
  from: number;
  to: number;
  /** Hex hashes; empty when `from` equals `to`. */
  proof: string[];
}

/** `GET /ledger/consistency?from=&to=`: that the tree of `from` blocks is a prefix of the tree of `to` blocks. */
export const getConsistencyProof = async (ctx: AppContext, { from, to }: { from: number; to: number }): Promise<ConsistencyProof> => {
  const { size } = await numberedLogState(ctx);
  if (to > size)
    throw new AppError('INVALID_TREE_SIZE', `to must be at most ${size}, the current head's tree size.`, { field: 'querystring.to' });
  if (from > to) throw new AppError('INVALID_TREE_SIZE', `from must be from 1 to ${to} (to).`, { field: 'querystring.from' });
  await extendLedgerNodes(ctx.db, to);
  const proof = await buildConsistencyProof(from, to, ledgerSubtreeSource(ctx.db));
  return { from, to, proof: proof.map((hash) => Buffer.from(hash).toString('hex')) };
};
