import type { Db } from '../../infra/db/database.js';
import {
  insertLedgerBlock,
  lockEnvelopeChain,
  readChainHead,
  readLedgerBlocks,
  readLedgerState,
  updateLedgerState,
  type ActivityType,
  type Actor,
  type LedgerEntryBody,
} from '../../infra/db/tables/ledger-table.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import { computeEntryHash, GENESIS_HASH } from '../../infra/ledger/entry-hash.js';
import { appendLeaf } from '../../infra/ledger/merkle-frontier.js';
import type { AppContext } from '../context.js';

export type { ActivityType, Actor } from '../../infra/db/tables/ledger-table.js';

export interface LedgerEvent {
  envelopeId: string;
  activityType: ActivityType;
  actor: Actor;
  description: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** The entry as published in audit_logs: what was hashed, plus the hash. */
export type LedgerEntry = LedgerEntryBody & { entry_hash: string };

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));
const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * Appends an entry to the envelope's hash chain and to the service-wide Merkle log, inside the
 * caller's transaction, so the entry commits exactly when the state change it records does.
 *
 * Lock order (PostgreSQL), the same in every transaction so none can deadlock another: the
 * envelope's row first (it serialises the envelope's chain), the log's single `ledger_state` row
 * last. That last lock keeps block numbers dense and is held only for the rest of the transaction.
 */
export const appendLedgerEntry = async (ctx: AppContext, trx: Db, event: LedgerEvent): Promise<LedgerEntry & { block_number: number }> => {
  await lockEnvelopeChain(trx, event.envelopeId);
  const last = await readChainHead(trx, event.envelopeId);

  const body: LedgerEntryBody = {
    sequence: (last?.sequence ?? 0) + 1,
    envelope_id: event.envelopeId,
    activity_type: event.activityType,
    actor: event.actor,
    description: event.description,
    ip_address: event.ipAddress ?? null,
    user_agent: event.userAgent ?? null,
    occurred_at: ctx.clock.now().toISOString(),
    previous_hash: last?.entryHash ?? GENESIS_HASH,
  };
  const entryHash = computeEntryHash(body);
  await updateEnvelope(trx, event.envelopeId, { ledgerHeadHash: entryHash });

  const state = await readLedgerState(trx, { lock: true });
  const next = appendLeaf({ size: state.size, roots: state.frontier.map(fromHex) }, fromHex(entryHash));
  const blockNumber = next.size;

  await insertLedgerBlock(trx, {
    blockNumber,
    envelopeId: event.envelopeId,
    sequence: body.sequence,
    body,
    entryHash,
    occurredAt: body.occurred_at,
  });
  await updateLedgerState(trx, { size: next.size, frontier: next.roots.map(toHex) });

  return { ...body, entry_hash: entryHash, block_number: blockNumber };
};

/** An envelope's chain, oldest first, exactly as hashed, with each entry's block in the service-wide log. */
export const readLedger = async (db: Db, envelopeId: string): Promise<(LedgerEntry & { block_number: number })[]> =>
  (await readLedgerBlocks(db, envelopeId)).map((block) => ({
    ...block.body,
    entry_hash: block.entryHash,
    block_number: block.blockNumber,
  }));
