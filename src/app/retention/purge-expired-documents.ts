import { purgeDeadline } from '../../domain/retention.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { readEnvelopeBlobHashes, readReferencedHashes } from '../../infra/db/tables/blob-references.js';
import { readEnvelope, updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import { readAccountsWithRetention, readCertificateHashes, readEnvelopesEndedBy } from '../../infra/db/tables/retention-candidates.js';
import type { AppContext } from '../context.js';
import { BLOB_GRACE_PERIOD_MS } from '../documents/collect-unreferenced-blobs.js';
import { SYSTEM_ACTOR } from '../jobs/job-subjects.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';

/** Envelopes purged per account and run; the runs come every minute. */
const BATCH = 200;

/**
 * Stamps the envelope purged, with a DOCUMENTS_PURGED ledger entry, in one transaction on its locked row: of two
 * processes (or a rerun) only the first finds it unpurged. The deadline is checked again there, as the account's
 * retention may have been lengthened or lifted since the envelope was listed. True when it stamped it.
 */
const stampPurged = async (ctx: AppContext, envelopeId: string): Promise<boolean> =>
  ledgerTransaction(ctx, async (trx) => {
    const now = ctx.clock.now();
    const envelope = await readEnvelope(trx, envelopeId, { lock: true });
    if (!envelope || envelope.documentsPurgedAt) return false;
    const retentionDays = (await readAccount(trx, envelope.accountId))?.retentionDays ?? null;
    const deadline = purgeDeadline(envelope, retentionDays, now);
    if (!deadline || now < deadline) return false;
    await updateEnvelope(trx, envelopeId, { documentsPurgedAt: now.toISOString() });
    await appendLedgerEntry(ctx, trx, {
      envelopeId,
      activityType: 'DOCUMENTS_PURGED',
      actor: SYSTEM_ACTOR,
      description: `The documents' bytes were deleted ${retentionDays} days after the envelope ended, under the account's retention; their hashes and the certificate of completion remain.`,
    });
    return true;
  });

/**
 * Deletes the envelope's bytes (documents as sent, sealed and converted from, supporting files, signers' uploads) that
 * nothing else points at, keeping the certificate; bytes written again lately may be a new use on its way and are left
 * to the collection of unreferenced blobs, which also finishes the work of a run that died here.
 */
const deleteUnsharedBytes = async (ctx: AppContext, envelopeId: string): Promise<number> => {
  const kept = new Set(await readCertificateHashes(ctx.db, envelopeId));
  const hashes = (await readEnvelopeBlobHashes(ctx.db, envelopeId)).filter((hash) => !kept.has(hash));
  const referenced = await readReferencedHashes(ctx.db, hashes);
  const cutoff = new Date(ctx.clock.now().getTime() - BLOB_GRACE_PERIOD_MS);
  let deleted = 0;
  for (const sha256 of hashes.filter((hash) => !referenced.has(hash))) {
    if (await ctx.blobs.deleteIfWrittenBefore(sha256, cutoff)) deleted++;
  }
  return deleted;
};

/**
 * The retention purge (docs/operations/retention-and-erasure.md): for every account with `retention_days`, the
 * envelopes that ended that many days ago or more lose their documents' bytes. Returns how many envelopes it purged.
 */
export const purgeExpiredDocuments = async (ctx: AppContext): Promise<number> => {
  let purged = 0;
  for (const { accountId, retentionDays } of await readAccountsWithRetention(ctx.db)) {
    const endedBy = new Date(ctx.clock.now().getTime() - retentionDays * 86_400_000).toISOString();
    for (const envelopeId of await readEnvelopesEndedBy(ctx.db, accountId, endedBy, BATCH)) {
      if (!(await stampPurged(ctx, envelopeId))) continue;
      purged++;
      await deleteUnsharedBytes(ctx, envelopeId);
    }
  }
  return purged;
};
