import { ENDED_ENVELOPE_STATUSES } from '../../../domain/retention.js';
import type { Db } from '../database.js';

/** The accounts that keep document bytes for a limited time, with that time in days. */
export const readAccountsWithRetention = async (db: Db): Promise<{ accountId: string; retentionDays: number }[]> => {
  const rows = await db.selectFrom('accounts').select(['id', 'retention_days']).where('retention_days', 'is not', null).execute();
  return rows.map((row) => ({ accountId: row.id, retentionDays: row.retention_days! }));
};

/**
 * Live envelopes of the account that ended at or before `endedBy` and whose bytes are not purged yet, oldest first
 * (`endedBy` is ISO 8601 UTC text: the columns compare as text). An open envelope past its due instant is left to
 * the expiry job, which stamps it Expired first.
 */
export const readEnvelopesEndedBy = async (db: Db, accountId: string, endedBy: string, limit: number): Promise<string[]> => {
  const rows = await db
    .selectFrom('envelopes')
    .select('id')
    .where('account_id', '=', accountId)
    .where('documents_purged_at', 'is', null)
    .where('status', 'in', [...ENDED_ENVELOPE_STATUSES])
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('completed_at', '<=', endedBy),
        eb('declined_at', '<=', endedBy),
        eb('cancelled_at', '<=', endedBy),
        eb('expired_at', '<=', endedBy),
      ]),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
};

/** The content hashes of the envelope's certificate of completion, which outlives the retention as evidence. */
export const readCertificateHashes = async (db: Db, envelopeId: string): Promise<string[]> => {
  const rows = await db
    .selectFrom('documents')
    .select(['sha256', 'sealed_sha256'])
    .where('envelope_id', '=', envelopeId)
    .where('position', '=', 0)
    .execute();
  return rows.flatMap((row) => (row.sealed_sha256 ? [row.sha256, row.sealed_sha256] : [row.sha256]));
};
