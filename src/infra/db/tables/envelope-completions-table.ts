import type { CompletionState } from '../../../domain/completion-state.js';
import type { Db } from '../database.js';
import { lockForUpdate } from '../lock-for-update.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { EnvelopeCompletionsTable } from '../schema.js';

/** Where the completion of one envelope stands (migration 0009). */
export interface EnvelopeCompletion {
  envelopeId: string;
  state: CompletionState;
  /** Attempts of the current round (a reseal starts a new round from 0). */
  attempts: number;
  reseals: number;
  /** Why the latest failed attempt failed, as the details show it: short, no stack, no paths. */
  lastError: string | null;
  nextAttemptAt: string | null;
  updatedAt: string;
}

export const envelopeCompletionCodec = rowCodec<EnvelopeCompletion, EnvelopeCompletionsTable>({
  envelopeId: 'envelope_id',
  state: ['state', oneOf<CompletionState>()],
  attempts: 'attempts',
  reseals: 'reseals',
  lastError: 'last_error',
  nextAttemptAt: 'next_attempt_at',
  updatedAt: 'updated_at',
});

/** The envelope's completion row; with `lock`, locked until the transaction ends. */
export const readEnvelopeCompletion = async (
  db: Db,
  envelopeId: string,
  options: { lock?: boolean } = {},
): Promise<EnvelopeCompletion | undefined> => {
  let query = db.selectFrom('envelope_completions').selectAll().where('envelope_id', '=', envelopeId);
  if (options.lock) query = lockForUpdate(db, query);
  const row = await query.executeTakeFirst();
  return row && envelopeCompletionCodec.fromRow(row);
};

/** Writes the row unless the envelope has one already (two first attempts racing: the second finds the first's). */
export const insertEnvelopeCompletionIfAbsent = async (db: Db, completion: EnvelopeCompletion): Promise<void> => {
  await db
    .insertInto('envelope_completions')
    .values(envelopeCompletionCodec.toRow(completion))
    .onConflict((oc) => oc.column('envelope_id').doNothing())
    .execute();
};

export const updateEnvelopeCompletion = async (db: Db, envelopeId: string, changes: Partial<EnvelopeCompletion>): Promise<void> => {
  await db
    .updateTable('envelope_completions')
    .set(envelopeCompletionCodec.toColumns(changes))
    .where('envelope_id', '=', envelopeId)
    .execute();
};
