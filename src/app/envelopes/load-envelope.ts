import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { readEnvelope, type Envelope } from '../../infra/db/tables/envelopes-table.js';
import type { AppContext } from '../context.js';

/**
 * An envelope of the caller's account, with its status as of now: an open envelope past its due
 * instant reads Expired even before the expiry job has run. Another account's envelope, or a
 * deleted one, is ENVELOPE_NOT_FOUND exactly like an unknown id.
 * With `lock`, the row is locked until the transaction ends.
 */
export const loadEnvelope = async (
  ctx: AppContext,
  db: Db,
  accountId: string,
  envelopeId: string,
  options: { lock?: boolean } = {},
): Promise<Envelope> => {
  const envelope = await readEnvelope(db, envelopeId, { accountId, lock: options.lock, asOf: ctx.clock.now() });
  if (!envelope) throw new AppError('ENVELOPE_NOT_FOUND', `No envelope ${envelopeId}.`);
  return envelope;
};

/** The same, for work that is not on behalf of an account (jobs, the signing site). */
export const loadEnvelopeById = (
  ctx: AppContext,
  db: Db,
  envelopeId: string,
  options: { lock?: boolean } = {},
): Promise<Envelope | undefined> => readEnvelope(db, envelopeId, { lock: options.lock, asOf: ctx.clock.now() });
