import type { AppContext } from '../context.js';
import type { EnvelopeRecord } from './envelope-record.js';
import type { SealedEnvelope } from './seal-documents.js';

/** Bytes are shared by hash (templates, other envelopes, pending uploads, attachments): only unshared ones may go. */
const isSharedElsewhere = async (ctx: AppContext, envelopeId: string, sha256: string): Promise<boolean> => {
  const document = await ctx.db
    .selectFrom('documents')
    .select('id')
    .where((eb) => eb.or([eb('envelope_id', 'is', null), eb('envelope_id', '!=', envelopeId)]))
    .where((eb) => eb.or([eb('sha256', '=', sha256), eb('sealed_sha256', '=', sha256)]))
    .executeTakeFirst();
  const upload = await ctx.db.selectFrom('uploads').select('id').where('sha256', '=', sha256).where('used_at', 'is', null).executeTakeFirst();
  const attachment = await ctx.db.selectFrom('attachments').select('id').where('sha256', '=', sha256).executeTakeFirst();
  return Boolean(document ?? upload ?? attachment);
};

/**
 * `remove_signed_envelope`: once the sealed copies are delivered, the envelope's documents (the
 * originals, the sealed files and the certificate) are purged; the hashes stay in the database
 * and the ledger, so the verification page still answers.
 */
export const purgeEnvelopeDocuments = async (ctx: AppContext, record: EnvelopeRecord, sealed: SealedEnvelope): Promise<void> => {
  const hashes = new Set([...record.documents.map((d) => d.sha256), ...sealed.documents.map((s) => s.sha256), sealed.certificate.sha256]);
  for (const sha256 of hashes) {
    if (!(await isSharedElsewhere(ctx, record.envelope.id, sha256))) await ctx.blobs.delete(sha256);
  }
  await ctx.db.updateTable('envelopes').set({ documents_removed_at: ctx.clock.now().toISOString() }).where('id', '=', record.envelope.id).execute();
};
