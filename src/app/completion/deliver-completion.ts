import { readEnvelopeDocumentsWithCertificate } from '../../infra/db/tables/documents-table.js';
import type { AppContext } from '../context.js';
import { sendCompletionMails } from './completion-mails.js';
import { readEnvelopeRecord } from './envelope-record.js';
import { purgeEnvelopeDocuments } from './purge-documents.js';
import type { SealedEnvelope, SealedFile } from './seal-documents.js';

const sealedFile = async (ctx: AppContext, sha256: string | null): Promise<SealedFile> => {
  const bytes = sha256 ? await ctx.blobs.get(sha256) : undefined;
  if (!sha256 || !bytes) throw new Error(`Sealed file ${sha256 ?? '(none)'} is not in the document store`);
  return { sha256, bytes };
};

/**
 * The 'deliver-completion' job, queued in the transaction that made the envelope Completed: mails
 * the sealed copies to everyone and, with remove_signed_envelope, purges the files afterwards. A
 * failed send fails the job, which is retried with back-off (at least once: a retry may mail
 * someone twice); the purge only happens once every mail went out.
 */
export const deliverCompletion = async (ctx: AppContext, { envelopeId }: { envelopeId: string }): Promise<void> => {
  const record = await readEnvelopeRecord(ctx.db, envelopeId);
  if (!record || record.envelope.status !== 'Completed' || record.envelope.documentsRemovedAt) return;
  const certificate = (await readEnvelopeDocumentsWithCertificate(ctx.db, envelopeId)).find((d) => d.position === 0);
  if (!certificate) throw new Error(`Completed envelope ${envelopeId} has no certificate of completion`);
  const sealed: SealedEnvelope = {
    documents: await Promise.all(record.documents.map((d) => sealedFile(ctx, d.sealedSha256))),
    certificate: await sealedFile(ctx, certificate.sealedSha256),
  };
  await sendCompletionMails(ctx, record, sealed, new Date(record.envelope.completedAt ?? ctx.clock.now().toISOString()));
  if (record.envelope.removeSignedEnvelope) await purgeEnvelopeDocuments(ctx, record, sealed);
};
