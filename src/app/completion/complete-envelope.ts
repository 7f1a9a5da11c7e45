import { lockForUpdate } from '../../infra/db/lock-for-update.js';
import type { Db } from '../../infra/db/database.js';
import { inspectPdf } from '../../infra/pdf/intake.js';
import { newId } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { enqueueJob } from '../jobs/enqueue-job.js';
import { allSignersSigned, readEnvelopeRecord, type EnvelopeRecord } from './envelope-record.js';
import { sealDocuments, type SealedEnvelope } from './seal-documents.js';

export const CERTIFICATE_NAME = 'Certificate of Completion.pdf';

const insertCertificate = async (trx: Db, record: EnvelopeRecord, sealed: SealedEnvelope) => {
  const { pages } = await inspectPdf(sealed.certificate.bytes);
  await trx
    .insertInto('documents')
    .values({
      id: newId('doc'), account_id: record.envelope.account_id, envelope_id: record.envelope.id, template_id: null, position: 0,
      name: CERTIFICATE_NAME, pages: JSON.stringify(pages), size: sealed.certificate.bytes.byteLength,
      sha256: sealed.certificate.sha256, sealed_sha256: sealed.certificate.sha256,
    })
    .execute();
};

/**
 * Records the sealed files and makes the envelope Completed, in one transaction. Returns false
 * when another run got there first (the job ran twice): that run's files stand.
 */
const recordCompletion = (ctx: AppContext, record: EnvelopeRecord, sealed: SealedEnvelope, ledgerHeadHash: string, completedAt: Date): Promise<boolean> =>
  ctx.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('envelopes').select('status').where('id', '=', record.envelope.id);
    query = lockForUpdate(trx, query);
    const current = await query.executeTakeFirstOrThrow();
    if (current.status !== 'InProgress') return false;
    for (const [index, document] of record.documents.entries()) {
      await trx.updateTable('documents').set({ sealed_sha256: sealed.documents[index]!.sha256 }).where('id', '=', document.id).execute();
    }
    await insertCertificate(trx, record, sealed);
    await trx
      .updateTable('envelopes')
      .set({ status: 'Completed', completed_at: completedAt.toISOString(), sealed_ledger_head_hash: ledgerHeadHash })
      .where('id', '=', record.envelope.id)
      .execute();
    await appendLedgerEntry(ctx, trx, {
      envelopeId: record.envelope.id,
      activityType: 'ENVELOPE_COMPLETED',
      actor: { name: 'Countersign', email: null },
      description: `Every signer signed; ${record.documents.length} document(s) sealed with ledger head ${ledgerHeadHash}.`,
    });
    await enqueueJob(ctx, trx, 'deliver-completion', { envelopeId: record.envelope.id });
    return true;
  });

/**
 * The 'complete-envelope' job (API.md §7): stamps and seals every document and the certificate of
 * completion, then makes the envelope Completed and queues the delivery of the sealed copies
 * (deliver-completion.ts). Idempotent: an envelope that is not InProgress with every signer signed
 * is left alone.
 */
export const completeEnvelope = async (ctx: AppContext, { envelopeId }: { envelopeId: string }): Promise<void> => {
  const record = await readEnvelopeRecord(ctx.db, envelopeId);
  if (!record || record.envelope.status !== 'InProgress' || !allSignersSigned(record)) return;
  const ledgerHeadHash = record.envelope.ledger_head_hash;
  if (!ledgerHeadHash) throw new Error(`Envelope ${envelopeId} has no ledger entries`);
  const completedAt = ctx.clock.now();
  const sealed = await sealDocuments(ctx, { record, ledgerHeadHash, completedAt });
  if (await recordCompletion(ctx, record, sealed, ledgerHeadHash, completedAt)) ctx.jobs.poke();
};
