import { lockForUpdate } from '../../infra/db/lock-for-update.js';
import { AppError } from '../../domain/app-error.js';
import { effectiveStatus, type EnvelopeStatus } from '../../domain/envelope-state.js';
import type { Db } from '../../infra/db/database.js';
import type { EnvelopesTable } from '../../infra/db/schema.js';
import type { AppContext } from '../context.js';

export type EnvelopeRow = EnvelopesTable & { status: EnvelopeStatus };

const notFound = (envelopeId: string) => new AppError('ENVELOPE_NOT_FOUND', `No envelope ${envelopeId}.`);

/** A live envelope with its status as of now; the account scope is optional for work not done on an account's behalf. */
const findLiveEnvelope = async (ctx: AppContext, db: Db, envelopeId: string, options: { accountId?: string; forUpdate?: boolean }): Promise<EnvelopeRow | undefined> => {
  let query = db.selectFrom('envelopes').selectAll().where('id', '=', envelopeId).where('deleted_at', 'is', null);
  if (options.accountId) query = query.where('account_id', '=', options.accountId);
  if (options.forUpdate) query = lockForUpdate(db, query);
  const row = await query.executeTakeFirst();
  return row && { ...row, status: effectiveStatus({ status: row.status as EnvelopeStatus, signingDueDate: new Date(row.signing_due_date) }, ctx.clock.now()) };
};

/**
 * An envelope of the caller's account, with its status as of now: an open envelope past its due
 * instant reads Expired even before the expiry job has run. Another account's envelope, or a
 * deleted one, is ENVELOPE_NOT_FOUND exactly like an unknown id.
 * With `forUpdate`, the row is locked until the transaction ends (PostgreSQL; SQLite serialises writers anyway).
 */
export const loadEnvelope = async (ctx: AppContext, db: Db, accountId: string, envelopeId: string, options: { forUpdate?: boolean } = {}): Promise<EnvelopeRow> => {
  const envelope = await findLiveEnvelope(ctx, db, envelopeId, { ...options, accountId });
  if (!envelope) throw notFound(envelopeId);
  return envelope;
};

/** The same, for work that is not on behalf of an account (jobs, the signing site). */
export const loadEnvelopeById = (ctx: AppContext, db: Db, envelopeId: string, options: { forUpdate?: boolean } = {}): Promise<EnvelopeRow | undefined> =>
  findLiveEnvelope(ctx, db, envelopeId, options);
