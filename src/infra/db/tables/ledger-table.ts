import { sql } from 'kysely';
import type { Db } from '../database.js';
import type { PendingInsert } from '../insert-at-once.js';
import { lockForUpdate } from '../lock-for-update.js';
import { json, rowCodec } from '../row-codec.js';
import type { LedgerEntriesTable, LedgerStateTable } from '../schema.js';

export type ActivityType =
  | 'ENVELOPE_CREATED'
  | 'INVITATION_SENT'
  | 'DOCUMENT_VIEWED'
  | 'DOCUMENT_SIGNED'
  | 'ENVELOPE_COMPLETED'
  | 'ENVELOPE_DECLINED'
  | 'ENVELOPE_CANCELLED'
  | 'REMINDER_SENT'
  | 'ENVELOPE_EXPIRED'
  | 'DUE_DATE_EXTENDED'
  | 'METADATA_UPDATED'
  | 'ATTACHMENT_ADDED'
  | 'DOCUMENT_DOWNLOADED'
  | 'ENVELOPE_DELETED'
  | 'AUTHENTICATION_CODE_SENT'
  | 'RECIPIENT_AUTHENTICATED'
  | 'RECIPIENT_AUTHENTICATION_FAILED'
  | 'RECIPIENT_LOCKED'
  | 'DOCUMENT_APPROVED'
  | 'RECIPIENT_REASSIGNED'
  | 'ENVELOPE_CORRECTED'
  | 'ENVELOPE_RETURNED'
  | 'ENVELOPE_RESENT'
  | 'PUBLIC_LINK_USED'
  | 'RECIPIENT_DECLINED'
  | 'DOCUMENTS_PURGED'
  | 'MAIL_DELAYED';

export interface Actor {
  name: string;
  email: string | null;
}

/**
 * An entry exactly as hashed and as published in audit_logs (docs/concepts/ledger.md): its keys are part of the
 * hashed bytes, hence snake_case. Format 2 (`format: 2`) hashes `personal_hash`, the salted commitment to `actor`,
 * `description`, `ip_address` and `user_agent`, instead of them; an erasure replaces those and drops the salt
 * (`personal_salt: null`). Entries written before format 2 have none of the three keys.
 */
export type LedgerEntryBody = {
  format?: 2;
  sequence: number;
  envelope_id: string;
  activity_type: ActivityType;
  actor: Actor;
  description: string;
  ip_address: string | null;
  user_agent: string | null;
  occurred_at: string;
  previous_hash: string;
  personal_salt?: string | null;
  personal_hash?: string;
};

/**
 * One block of the service-wide log: an envelope chain's entry and its position in the log, which
 * is null from the entry's commit until it is numbered (see append-ledger-entry.ts).
 */
export interface LedgerBlock {
  blockNumber: number | null;
  envelopeId: string;
  sequence: number;
  body: LedgerEntryBody;
  entryHash: string;
  occurredAt: string;
}

const ledgerBlockCodec = rowCodec<LedgerBlock, Omit<LedgerEntriesTable, 'id'>>({
  blockNumber: 'block_number',
  envelopeId: 'envelope_id',
  sequence: 'sequence',
  body: ['body', json<LedgerEntryBody>()],
  entryHash: 'entry_hash',
  occurredAt: 'occurred_at',
});

/** The service-wide log's state: its size and the hex roots of its Merkle frontier. */
export interface LedgerState {
  size: number;
  frontier: string[];
}

const ledgerStateCodec = rowCodec<LedgerState, LedgerStateTable>({
  size: 'size',
  frontier: ['frontier', json<string[]>()],
});

/** The log's state lives in a single row. */
const STATE_ROW = 1;

/**
 * Locks the envelope's row until the transaction ends: it serialises the appends to the
 * envelope's chain. It must come before `lockLedgerState` (see append-ledger-entry.ts).
 */
export const lockEnvelopeChain = async (trx: Db, envelopeId: string): Promise<void> => {
  await lockForUpdate(trx, trx.selectFrom('envelopes').select('id').where('id', '=', envelopeId)).execute();
};

/** The last entry of an envelope's chain, if any. */
export const readChainHead = async (db: Db, envelopeId: string): Promise<{ sequence: number; entryHash: string } | undefined> => {
  const row = await db
    .selectFrom('ledger_entries')
    .select(['sequence', 'entry_hash'])
    .where('envelope_id', '=', envelopeId)
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && { sequence: row.sequence, entryHash: row.entry_hash };
};

export const readLedgerState = async (db: Db, options: { lock?: boolean } = {}): Promise<LedgerState> => {
  let query = db.selectFrom('ledger_state').selectAll().where('id', '=', STATE_ROW);
  if (options.lock) query = lockForUpdate(db, query);
  const row = await query.executeTakeFirstOrThrow();
  return ledgerStateCodec.fromRow(row);
};

/** The insert of this block, not run yet (see insertAtOnce). */
export const ledgerBlockInsert = (db: Db, block: LedgerBlock): PendingInsert =>
  db.insertInto('ledger_entries').values(ledgerBlockCodec.toRow(block));

/** An entry that committed without a block number, by `id`, the order it was written in. */
export interface UnnumberedEntry {
  id: number;
  entryHash: string;
}

/** The oldest entries still without a block number. */
export const readUnnumberedEntries = async (db: Db, limit: number): Promise<UnnumberedEntry[]> => {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['id', 'entry_hash'])
    .where('block_number', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, entryHash: row.entry_hash }));
};

export const hasUnnumberedEntries = async (db: Db): Promise<boolean> =>
  Boolean(await db.selectFrom('ledger_entries').select('id').where('block_number', 'is', null).limit(1).executeTakeFirst());

/** Gives entries their block numbers, in one statement. */
export const numberEntries = async (db: Db, numbers: readonly { id: number; blockNumber: number }[]): Promise<void> => {
  if (!numbers.length) return;
  // The casts type the parameters for PostgreSQL, which otherwise reads a CASE of parameters as text.
  const cases = sql.join(
    numbers.map(({ id, blockNumber }) => sql`when cast(${id} as integer) then cast(${blockNumber} as integer)`),
    sql` `,
  );
  await db
    .updateTable('ledger_entries')
    .set({ block_number: sql<number>`case id ${cases} end` })
    .where(
      'id',
      'in',
      numbers.map(({ id }) => id),
    )
    .execute();
};

/** The block number of an envelope's entry, once it has one. */
export const readBlockNumber = async (db: Db, envelopeId: string, sequence: number): Promise<number | null> => {
  const row = await db
    .selectFrom('ledger_entries')
    .select('block_number')
    .where('envelope_id', '=', envelopeId)
    .where('sequence', '=', sequence)
    .executeTakeFirstOrThrow();
  return row.block_number;
};

export const updateLedgerState = async (db: Db, state: LedgerState): Promise<void> => {
  await db.updateTable('ledger_state').set(ledgerStateCodec.toColumns(state)).where('id', '=', STATE_ROW).execute();
};

/** An envelope's chain, oldest first. */
export const readLedgerBlocks = async (db: Db, envelopeId: string): Promise<LedgerBlock[]> => {
  const rows = await db.selectFrom('ledger_entries').selectAll().where('envelope_id', '=', envelopeId).orderBy('sequence', 'asc').execute();
  return rows.map(ledgerBlockCodec.fromRow);
};

/** The entry hashes of blocks `from`..`to` (1-based, inclusive), in block order: the log's leaf data. */
export const readEntryHashesOfBlocks = async (db: Db, from: number, to: number): Promise<string[]> => {
  const rows = await db
    .selectFrom('ledger_entries')
    .select('entry_hash')
    .where('block_number', '>=', from)
    .where('block_number', '<=', to)
    .orderBy('block_number', 'asc')
    .execute();
  return rows.map((row) => row.entry_hash);
};

/** The envelope's entry with this hash, if any. */
export const readEntryOfHash = async (
  db: Db,
  envelopeId: string,
  entryHash: string,
): Promise<{ sequence: number; blockNumber: number | null } | undefined> => {
  const row = await db
    .selectFrom('ledger_entries')
    .select(['sequence', 'block_number'])
    .where('envelope_id', '=', envelopeId)
    .where('entry_hash', '=', entryHash)
    .executeTakeFirst();
  return row && { sequence: row.sequence, blockNumber: row.block_number };
};
