import type { Db } from '../../infra/db/database.js';
import { readLedgerState, updateLedgerState } from '../../infra/db/tables/ledger-table.js';
import { appendLeaf, type MerkleFrontier } from '../../infra/ledger/merkle-frontier.js';

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * Appends leaves to the service-wide Merkle log: locks its single `ledger_state` row (held until
 * the transaction ends), then takes the leaves to append, gives them the next block numbers in
 * order, lets `write` store those, and saves the new frontier. Block numbers stay dense and 1-based
 * because only a transaction holding that row hands them out, from the size it read under the lock.
 */
export const appendToLog = async <L extends { entryHash: string }>(
  trx: Db,
  leaves: () => Promise<readonly L[]>,
  write: (numbered: { leaf: L; blockNumber: number }[]) => Promise<void>,
): Promise<number> => {
  const state = await readLedgerState(trx, { lock: true });
  const appended = await leaves();
  if (!appended.length) return 0;
  let frontier: MerkleFrontier = { size: state.size, roots: state.frontier.map(fromHex) };
  const numbered = appended.map((leaf) => {
    frontier = appendLeaf(frontier, fromHex(leaf.entryHash));
    return { leaf, blockNumber: frontier.size };
  });
  await write(numbered);
  await updateLedgerState(trx, { size: frontier.size, frontier: frontier.roots.map(toHex) });
  return appended.length;
};
