import { attachmentUsesBlob } from '../../infra/db/tables/attachments-table.js';
import { documentUsesBlobOutside } from '../../infra/db/tables/documents-table.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import { signerAttachmentUsesBlob } from '../../infra/db/tables/signer-attachments-table.js';
import { pendingUploadUsesBlob } from '../../infra/db/tables/uploads-table.js';
import type { AppContext } from '../context.js';
import type { EnvelopeRecord } from './envelope-record.js';
import type { SealedEnvelope } from './seal-documents.js';

/** Bytes are shared by hash (templates, other envelopes, pending uploads, attachments, signers' uploads): only unshared ones may go. */
const isSharedElsewhere = async (ctx: AppContext, envelopeId: string, sha256: string): Promise<boolean> =>
  (await documentUsesBlobOutside(ctx.db, envelopeId, sha256)) ||
  (await pendingUploadUsesBlob(ctx.db, sha256)) ||
  (await attachmentUsesBlob(ctx.db, sha256)) ||
  (await signerAttachmentUsesBlob(ctx.db, sha256));

/**
 * `remove_signed_envelope`: once the sealed copies are delivered, the envelope's documents (the
 * originals, the files they were converted from, the sealed files and the certificate) are purged; the
 * hashes stay in the database and the ledger, so the verification page still answers.
 */
export const purgeEnvelopeDocuments = async (ctx: AppContext, record: EnvelopeRecord, sealed: SealedEnvelope): Promise<void> => {
  const hashes = new Set([
    ...record.documents.flatMap((d) => (d.originalSha256 ? [d.sha256, d.originalSha256] : [d.sha256])),
    ...sealed.documents.map((s) => s.sha256),
    sealed.certificate.sha256,
  ]);
  for (const sha256 of hashes) {
    if (!(await isSharedElsewhere(ctx, record.envelope.id, sha256))) await ctx.blobs.delete(sha256);
  }
  await updateEnvelope(ctx.db, record.envelope.id, { documentsRemovedAt: ctx.clock.now().toISOString() });
};
