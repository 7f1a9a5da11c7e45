import { lockForUpdate } from '../../infra/db/lock-for-update.js';
import type { Db } from '../../infra/db/database.js';
import { computeEntryHash, GENESIS_HASH } from '../../infra/ledger/entry-hash.js';
import { appendLeaf, type MerkleFrontier } from '../../infra/ledger/merkle-frontier.js';
import type { AppContext } from '../context.js';

export type ActivityType =
  | 'ENVELOPE_CREATED' | 'INVITATION_SENT' | 'DOCUMENT_VIEWED' | 'DOCUMENT_SIGNED' | 'ENVELOPE_COMPLETED'
  | 'ENVELOPE_DECLINED' | 'ENVELOPE_CANCELLED' | 'REMINDER_SENT' | 'ENVELOPE_EXPIRED' | 'DUE_DATE_EXTENDED'
  | 'METADATA_UPDATED' | 'ATTACHMENT_ADDED' | 'DOCUMENT_DOWNLOADED' | 'ENVELOPE_DELETED';

export interface Actor {
  name: string;
  email: string | null;
}

export interface LedgerEvent {
  envelopeId: string;
  activityType: ActivityType;
  actor: Actor;
  description: string;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/** The entry as published in audit_logs (and hashed, without entry_hash). */
export interface LedgerEntry {
  sequence: number;
  envelope_id: string;
  activity_type: ActivityType;
  actor: Actor;
  description: string;
  ip_address: string | null;
  user_agent: string | null;
  occurred_at: string;
  previous_hash: string;
  entry_hash: string;
}

const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

/**
 * Appends an entry to the envelope's hash chain and to the service-wide Merkle log, inside the
 * caller's transaction, so the entry commits exactly when the state change it records does.
 *
 * Lock order (PostgreSQL), the same in every transaction so none can deadlock another: the
 * envelope's row first (it serialises the envelope's chain), the log's single `ledger_state` row
 * last. That last lock keeps block numbers dense and is held only for the rest of the transaction.
 */
export const appendLedgerEntry = async (ctx: AppContext, trx: Db, event: LedgerEvent): Promise<LedgerEntry & { block_number: number }> => {
  await lockForUpdate(trx, trx.selectFrom('envelopes').select('id').where('id', '=', event.envelopeId)).execute();
  const last = await trx
    .selectFrom('ledger_entries')
    .select(['sequence', 'entry_hash'])
    .where('envelope_id', '=', event.envelopeId)
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst();

  const body = {
    sequence: (last?.sequence ?? 0) + 1,
    envelope_id: event.envelopeId,
    activity_type: event.activityType,
    actor: event.actor,
    description: event.description,
    ip_address: event.ipAddress ?? null,
    user_agent: event.userAgent ?? null,
    occurred_at: ctx.clock.now().toISOString(),
    previous_hash: last?.entry_hash ?? GENESIS_HASH,
  };
  const entryHash = computeEntryHash(body);
  await trx.updateTable('envelopes').set({ ledger_head_hash: entryHash }).where('id', '=', event.envelopeId).execute();

  let state = trx.selectFrom('ledger_state').select(['size', 'frontier']).where('id', '=', 1);
  state = lockForUpdate(trx, state);
  const current = await state.executeTakeFirstOrThrow();
  const frontier: MerkleFrontier = { size: current.size, roots: (JSON.parse(current.frontier) as string[]).map(fromHex) };
  const next = appendLeaf(frontier, fromHex(entryHash));
  const blockNumber = next.size;

  await trx
    .insertInto('ledger_entries')
    .values({ block_number: blockNumber, envelope_id: event.envelopeId, sequence: body.sequence, body: JSON.stringify(body), entry_hash: entryHash, occurred_at: body.occurred_at })
    .execute();
  await trx
    .updateTable('ledger_state')
    .set({ size: next.size, frontier: JSON.stringify(next.roots.map((r) => Buffer.from(r).toString('hex'))) })
    .where('id', '=', 1)
    .execute();

  return { ...body, entry_hash: entryHash, block_number: blockNumber };
};

/** An envelope's chain, oldest first, exactly as hashed. */
export const readLedger = async (db: Db, envelopeId: string): Promise<(LedgerEntry & { block_number: number })[]> => {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['block_number', 'body', 'entry_hash'])
    .where('envelope_id', '=', envelopeId)
    .orderBy('sequence', 'asc')
    .execute();
  return rows.map((row) => ({ ...(JSON.parse(row.body) as Omit<LedgerEntry, 'entry_hash'>), entry_hash: row.entry_hash, block_number: Number(row.block_number) }));
};
