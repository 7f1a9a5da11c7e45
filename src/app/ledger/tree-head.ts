import { frontierRoot } from '../../infra/ledger/merkle-frontier.js';
import type { SignedTreeHead } from '@countersign/verify';
import { signTreeHead } from '../../infra/ledger/tree-head.js';
import type { AppContext } from '../context.js';
import { numberedLogState } from './numbered-log-state.js';

/** The service-wide log's signed tree head as of now (`GET /ledger/head`). */
export const currentTreeHead = async (ctx: AppContext): Promise<SignedTreeHead> => {
  const state = await numberedLogState(ctx);
  const root = frontierRoot({ size: state.size, roots: state.frontier.map((hex) => Uint8Array.from(Buffer.from(hex, 'hex'))) });
  return signTreeHead(
    { tree_size: state.size, root_hash: Buffer.from(root).toString('hex'), timestamp: ctx.clock.now().toISOString() },
    ctx.keys.ledger,
  );
};
