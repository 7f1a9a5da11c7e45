import type { Db } from '../database.js';

const present = (hashes: (string | null)[]): string[] => [...new Set(hashes.filter((h): h is string => h !== null))];

/** Every content hash an envelope's documents (as sent, sealed and the files they were converted from), attachments and signers' uploads point at. */
export const readEnvelopeBlobHashes = async (db: Db, envelopeId: string): Promise<string[]> => {
  const documents = await db
    .selectFrom('documents')
    .select(['sha256', 'sealed_sha256', 'original_sha256'])
    .where('envelope_id', '=', envelopeId)
    .execute();
  const attachments = await db.selectFrom('attachments').select('sha256').where('envelope_id', '=', envelopeId).execute();
  const signerFiles = await db.selectFrom('signer_attachments').select('sha256').where('envelope_id', '=', envelopeId).execute();
  return present([
    ...documents.flatMap((d) => [d.sha256, d.sealed_sha256, d.original_sha256]),
    ...attachments.map((a) => a.sha256),
    ...signerFiles.map((a) => a.sha256),
  ]);
};

/**
 * Which of `hashes` something still points at: a live envelope's document, attachment or signer's upload, a live
 * template's document, an upload not used yet, or a composer's draft not sent yet; a document's original file (the one
 * it was converted from) as much as its PDF. Blobs are shared by content, so only the others may be deleted. An envelope
 * whose documents the retention purged points at its certificate of completion only.
 */
export const readReferencedHashes = async (db: Db, hashes: string[]): Promise<Set<string>> => {
  if (!hashes.length) return new Set();
  const envelopeDocuments = await db
    .selectFrom('documents')
    .innerJoin('envelopes', 'envelopes.id', 'documents.envelope_id')
    .select(['documents.sha256', 'documents.sealed_sha256', 'documents.original_sha256'])
    .where('envelopes.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('envelopes.documents_purged_at', 'is', null), eb('documents.position', '=', 0)]))
    .where((eb) =>
      eb.or([
        eb('documents.sha256', 'in', hashes),
        eb('documents.sealed_sha256', 'in', hashes),
        eb('documents.original_sha256', 'in', hashes),
      ]),
    )
    .execute();
  const templateDocuments = await db
    .selectFrom('documents')
    .innerJoin('templates', 'templates.id', 'documents.template_id')
    .select(['documents.sha256', 'documents.original_sha256'])
    .where('templates.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('documents.sha256', 'in', hashes), eb('documents.original_sha256', 'in', hashes)]))
    .execute();
  const attachments = await db
    .selectFrom('attachments')
    .innerJoin('envelopes', 'envelopes.id', 'attachments.envelope_id')
    .select('attachments.sha256')
    .where('envelopes.deleted_at', 'is', null)
    .where('envelopes.documents_purged_at', 'is', null)
    .where('attachments.sha256', 'in', hashes)
    .execute();
  const signerFiles = await db
    .selectFrom('signer_attachments')
    .innerJoin('envelopes', 'envelopes.id', 'signer_attachments.envelope_id')
    .select('signer_attachments.sha256')
    .where('envelopes.deleted_at', 'is', null)
    .where('envelopes.documents_purged_at', 'is', null)
    .where('signer_attachments.sha256', 'in', hashes)
    .execute();
  const drafts = await db
    .selectFrom('builder_draft_documents')
    .innerJoin('builder_drafts', 'builder_drafts.id', 'builder_draft_documents.draft_id')
    .select(['builder_draft_documents.sha256', 'builder_draft_documents.original_sha256'])
    .where('builder_drafts.sent_at', 'is', null)
    .where((eb) => eb.or([eb('builder_draft_documents.sha256', 'in', hashes), eb('builder_draft_documents.original_sha256', 'in', hashes)]))
    .execute();
  const uploads = await db
    .selectFrom('uploads')
    .select(['sha256', 'original_sha256'])
    .where('used_at', 'is', null)
    .where((eb) => eb.or([eb('sha256', 'in', hashes), eb('original_sha256', 'in', hashes)]))
    .execute();
  return new Set(
    present([
      ...envelopeDocuments.flatMap((d) => [d.sha256, d.sealed_sha256, d.original_sha256]),
      ...templateDocuments.flatMap((d) => [d.sha256, d.original_sha256]),
      ...attachments.map((a) => a.sha256),
      ...signerFiles.map((a) => a.sha256),
      ...uploads.flatMap((u) => [u.sha256, u.original_sha256]),
      ...drafts.flatMap((d) => [d.sha256, d.original_sha256]),
    ]),
  );
};
