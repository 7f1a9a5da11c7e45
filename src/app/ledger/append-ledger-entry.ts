import type { Db } from '../../infra/db/database.js';
import { insertAtOnce, type PendingInsert } from '../../infra/db/insert-at-once.js';
import { isPostgres } from '../../infra/db/lock-for-update.js';
import {
  ledgerBlockInsert,
  lockEnvelopeChain,
  readChainHead,
  readLedgerBlocks,
  type ActivityType,
  type Actor,
  type LedgerEntryBody,
} from '../../infra/db/tables/ledger-table.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import {
  computeEntryHash,
  computePersonalHash,
  GENESIS_HASH,
  LEDGER_ENTRY_FORMAT,
  newPersonalSalt,
} from '../../infra/ledger/entry-hash.js';
import type { AppContext } from '../context.js';
import { appendToLog } from './ledger-log.js';

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

/**
 * A format-2 entry: the hash covers a salted commitment to the keys that may name a person, so that an erasure
 * (docs/operations/retention-and-erasure.md) can replace them without breaking the chain.
 */
const entryOf = (ctx: AppContext, event: LedgerEvent, previous: { sequence: number; entryHash: string } | undefined): LedgerEntry => {
  const unsealed = {
    format: LEDGER_ENTRY_FORMAT,
    sequence: (previous?.sequence ?? 0) + 1,
    envelope_id: event.envelopeId,
    activity_type: event.activityType,
    actor: event.actor,
    description: event.description,
    ip_address: event.ipAddress ?? null,
    user_agent: event.userAgent ?? null,
    occurred_at: ctx.clock.now().toISOString(),
    previous_hash: previous?.entryHash ?? GENESIS_HASH,
    personal_salt: newPersonalSalt(),
  } as const;
  const body: LedgerEntryBody = { ...unsealed, personal_hash: computePersonalHash(unsealed.personal_salt, unsealed) };
  return { ...body, entry_hash: computeEntryHash(body) };
};

/**
 * The first entry of a new envelope's chain, made before the envelope's row is written so that the
 * row carries its head hash; `recordLedgerEntry` writes it with the rest of the creation.
 */
export const firstLedgerEntry = (ctx: AppContext, event: LedgerEvent): LedgerEntry => entryOf(ctx, event, undefined);

/**
 * Writes an entry of an envelope's chain into the service-wide log, as the last statements of the
 * caller's transaction. On SQLite, whose single writer already runs transactions one at a time, the
 * entry gets its block number at once. On PostgreSQL it commits without one, and
 * `numberLedgerEntries` numbers it just after the commit: no transaction holds the log's single
 * `ledger_state` row while it commits, which would make every appending transaction wait for the
 * previous one's fsync. `alongWith` are the caller's last inserts, run first, in the same statement
 * where the database allows it.
 */
export const recordLedgerEntry = async (
  trx: Db,
  { entry_hash, ...body }: LedgerEntry,
  alongWith: readonly PendingInsert[] = [],
): Promise<void> => {
  const block = { envelopeId: body.envelope_id, sequence: body.sequence, body, entryHash: entry_hash, occurredAt: body.occurred_at };
  if (isPostgres(trx)) {
    await insertAtOnce(trx, [...alongWith, ledgerBlockInsert(trx, { ...block, blockNumber: null })]);
    return;
  }
  await insertAtOnce(trx, alongWith);
  await appendToLog(
    trx,
    async () => [{ entryHash: entry_hash }],
    async ([numbered]) => {
      await ledgerBlockInsert(trx, { ...block, blockNumber: numbered!.blockNumber }).execute();
    },
  );
};

/**
 * Appends an entry to the envelope's hash chain and to the service-wide log, inside the caller's
 * transaction, so the entry commits exactly when the state change it records does. The envelope's
 * row is locked first (it serialises the envelope's chain); the log's tail comes last.
 */
export const appendLedgerEntry = async (ctx: AppContext, trx: Db, event: LedgerEvent): Promise<LedgerEntry> => {
  await lockEnvelopeChain(trx, event.envelopeId);
  const entry = entryOf(ctx, event, await readChainHead(trx, event.envelopeId));
  await updateEnvelope(trx, event.envelopeId, { ledgerHeadHash: entry.entry_hash });
  await recordLedgerEntry(trx, entry);
  return entry;
};

/** An envelope's chain, oldest first, exactly as hashed, with each entry's block in the service-wide log once it has one. */
export const readLedger = async (db: Db, envelopeId: string): Promise<(LedgerEntry & { block_number: number | null })[]> =>
  (await readLedgerBlocks(db, envelopeId)).map((block) => ({
    ...block.body,
    entry_hash: block.entryHash,
    block_number: block.blockNumber,
  }));
