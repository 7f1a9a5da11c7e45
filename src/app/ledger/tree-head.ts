import { hasUnnumberedEntries, readLedgerState } from '../../infra/db/tables/ledger-table.js';
import { frontierRoot } from '../../infra/ledger/merkle-frontier.js';
import { signTreeHead, type SignedTreeHead } from '../../infra/ledger/tree-head.js';
import type { AppContext } from '../context.js';
import { numberLedgerEntries } from './number-ledger-entries.js';

/** The service-wide log's signed tree head as of now (`GET /ledger/head`). */
export const currentTreeHead = async (ctx: AppContext): Promise<SignedTreeHead> => {
  // So the head covers every committed entry, including any whose numbering a crash interrupted;
  // checked first, so that reading the public head takes no lock while nothing waits for a number.
  if (await hasUnnumberedEntries(ctx.db)) await numberLedgerEntries(ctx);
  const state = await readLedgerState(ctx.db);
  const root = frontierRoot({ size: state.size, roots: state.frontier.map((hex) => Uint8Array.from(Buffer.from(hex, 'hex'))) });
  return signTreeHead(
    { tree_size: state.size, root_hash: Buffer.from(root).toString('hex'), timestamp: ctx.clock.now().toISOString() },
    ctx.keys.ledger,
  );
};
