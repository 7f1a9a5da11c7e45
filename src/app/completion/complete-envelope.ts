import type { Db } from '../../infra/db/database.js';
import { insertAttachments } from '../../infra/db/tables/attachments-table.js';
import { insertDocuments, updateDocument } from '../../infra/db/tables/documents-table.js';
import { readEnvelope, updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import { deleteSignerAttachments } from '../../infra/db/tables/signer-attachments-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { eventEnvelope } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { enqueueJob, type JobPayloads } from '../outbox.js';
import { beginCompletionAttempt, markCompletionSealed, recordFailedCompletionAttempt } from './completion-attempts.js';
import { allStepsDoneIn, readEnvelopeRecord, type EnvelopeRecord } from './envelope-record.js';
import { sealDocuments, type SealedCertificate, type SealedEnvelope } from './seal-documents.js';

export const CERTIFICATE_NAME = 'Certificate of Completion.pdf';

/**
 * The statuses an envelope whose every step is done can have while it waits for its seal: an
 * envelope whose only steps were viewers' never had anyone sign or approve, so it may still be Sent.
 */
const awaitsSeal = (status: string): boolean => status === 'InProgress' || status === 'Sent';

const insertCertificate = async (trx: Db, record: EnvelopeRecord, sealed: SealedEnvelope<SealedCertificate>) => {
  const { pages } = sealed.certificate;
  await insertDocuments(trx, [
    {
      id: newId('doc'),
      accountId: record.envelope.accountId,
      envelopeId: record.envelope.id,
      templateId: null,
      position: 0,
      name: CERTIFICATE_NAME,
      pages,
      size: sealed.certificate.bytes.byteLength,
      sha256: sealed.certificate.sha256,
      sealedSha256: sealed.certificate.sha256,
      anchors: null,
    },
  ]);
};

/**
 * The signers' files named by attachment fields become supporting documents (same ids, uploaded_by
 * the signer); the other uploads are forgotten, their bytes left to the blob collector.
 */
const keepFieldAttachments = async (trx: Db, record: EnvelopeRecord) => {
  await insertAttachments(
    trx,
    record.attachments.map((a) => ({ ...a, envelopeId: record.envelope.id })),
  );
  await deleteSignerAttachments(trx, record.envelope.id);
};

/**
 * Records the sealed files and makes the envelope Completed, in one transaction. Returns false
 * when another run got there first (the job ran twice): that run's files stand.
 */
const recordCompletion = (
  ctx: AppContext,
  record: EnvelopeRecord,
  sealed: SealedEnvelope<SealedCertificate>,
  ledgerHeadHash: string,
  completedAt: Date,
): Promise<boolean> =>
  ledgerTransaction(ctx, async (trx) => {
    const current = await readEnvelope(trx, record.envelope.id, { lock: true });
    if (!current || !awaitsSeal(current.status)) return false;
    for (const [index, document] of record.documents.entries()) {
      await updateDocument(trx, document.id, { sealedSha256: sealed.documents[index]!.sha256 });
    }
    await insertCertificate(trx, record, sealed);
    await keepFieldAttachments(trx, record);
    await updateEnvelope(trx, record.envelope.id, {
      status: 'Completed',
      completedAt: completedAt.toISOString(),
      sealedLedgerHeadHash: ledgerHeadHash,
    });
    await appendLedgerEntry(ctx, trx, {
      envelopeId: record.envelope.id,
      activityType: 'ENVELOPE_COMPLETED',
      actor: { name: 'Countersign', email: null },
      description: `Every step is done; ${record.documents.length} document(s) sealed with ledger head ${ledgerHeadHash}.`,
    });
    await markCompletionSealed(ctx, trx, record.envelope.id);
    await enqueueJob(ctx, trx, 'deliver-completion', { envelopeId: record.envelope.id });
    await recordWebhookEvent(ctx, trx, {
      accountId: record.envelope.accountId,
      type: 'envelope.completed',
      data: { ...eventEnvelope(record.envelope, 'Completed'), completed_at: completedAt.toISOString() },
    });
    return true;
  });

/**
 * The 'complete-envelope' job (docs/concepts/signing.md): stamps and seals every document and the certificate of
 * completion, then makes the envelope Completed and queues the delivery of the sealed copies
 * (deliver-completion.ts). A failed seal is retried on its own schedule (completion-attempts.ts) and
 * reported in the envelope's details, never left stuck silently. Idempotent: an envelope that is not
 * waiting for its seal with every step done (the step machine's word) is left alone, and so is a job of an earlier round (`reseals`).
 */
export const completeEnvelope = async (ctx: AppContext, { envelopeId, reseals = 0 }: JobPayloads['complete-envelope']): Promise<void> => {
  const record = await readEnvelopeRecord(ctx.db, envelopeId);
  if (!record || !awaitsSeal(record.envelope.status) || !allStepsDoneIn(record)) return;
  const ledgerHeadHash = record.envelope.ledgerHeadHash;
  if (!ledgerHeadHash) throw new Error(`Envelope ${envelopeId} has no ledger entries`);
  if (!(await beginCompletionAttempt(ctx, envelopeId, reseals))) return;
  const completedAt = ctx.clock.now();
  const sealTimer = ctx.metrics.sealDuration.startTimer();
  let sealed: SealedEnvelope<SealedCertificate>;
  try {
    sealed = await sealDocuments(ctx, { record, ledgerHeadHash, completedAt });
  } catch (error) {
    sealTimer({ outcome: 'failed' });
    await recordFailedCompletionAttempt(ctx, record.envelope, error);
    return;
  }
  sealTimer({ outcome: 'sealed' });
  if (!(await recordCompletion(ctx, record, sealed, ledgerHeadHash, completedAt))) return;
  ctx.metrics.envelopesCompleted.inc();
  ctx.jobs.poke();
};
