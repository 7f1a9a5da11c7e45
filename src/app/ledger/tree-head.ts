import { frontierRoot } from '../../infra/ledger/merkle-frontier.js';
import { signTreeHead, type SignedTreeHead } from '../../infra/ledger/tree-head.js';
import type { AppContext } from '../context.js';

/** The service-wide log's signed tree head as of now (`GET /ledger/head`). */
export const currentTreeHead = async (ctx: AppContext): Promise<SignedTreeHead> => {
  const state = await ctx.db.selectFrom('ledger_state').select(['size', 'frontier']).where('id', '=', 1).executeTakeFirstOrThrow();
  const roots = (JSON.parse(state.frontier) as string[]).map((hex) => Uint8Array.from(Buffer.from(hex, 'hex')));
  const size = Number(state.size);
  const root = frontierRoot({ size, roots });
  return signTreeHead({ tree_size: size, root_hash: Buffer.from(root).toString('hex'), timestamp: ctx.clock.now().toISOString() }, ctx.keys.ledger);
};
