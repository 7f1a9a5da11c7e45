import type { TestServer } from './test-server.js';
import { makePdf } from './pdf-fixtures.js';

export interface CompletedEnvelope {
  /** The bytes served as the signed copy of each document, by document id. */
  sealed: Map<string, Uint8Array>;
  certificate: Uint8Array;
}

/**
 * Stands in for the completion job (signing, sealing, the certificate of completion): every
 * signer Signed, the envelope Completed, a sealed copy stored for each document, and the
 * certificate as the envelope's position-0 document.
 */
export const markCompleted = async (server: TestServer, envelopeId: string): Promise<CompletedEnvelope> => {
  const { db, blobs } = server.service.ctx;
  const now = server.clock.now().toISOString();
  const documents = await db
    .selectFrom('documents')
    .select(['id', 'account_id', 'position'])
    .where('envelope_id', '=', envelopeId)
    .orderBy('position')
    .execute();
  const sealed = new Map<string, Uint8Array>();
  for (const document of documents) {
    const bytes = await makePdf({ pages: 1, text: `Sealed copy of ${document.id}` });
    await db
      .updateTable('documents')
      .set({ sealed_sha256: await blobs.put(bytes) })
      .where('id', '=', document.id)
      .execute();
    sealed.set(document.id, bytes);
  }
  const certificate = await makePdf({ pages: 1, text: `Certificate of completion ${envelopeId}` });
  const certificateSha = await blobs.put(certificate);
  await db
    .insertInto('documents')
    .values({
      id: `doc_certificate_${envelopeId}`,
      account_id: documents[0]!.account_id,
      envelope_id: envelopeId,
      template_id: null,
      position: 0,
      name: 'Certificate of completion.pdf',
      pages: JSON.stringify([{ width: 612, height: 792, rotation: 0 }]),
      size: certificate.byteLength,
      sha256: certificateSha,
      sealed_sha256: certificateSha,
    })
    .execute();
  await db
    .updateTable('recipients')
    .set({ status: 'Signed', signed_at: now })
    .where('envelope_id', '=', envelopeId)
    .where('role', '=', 'signer')
    .execute();
  await db.updateTable('envelopes').set({ status: 'Completed', completed_at: now }).where('id', '=', envelopeId).execute();
  return { sealed, certificate };
};

/** Moves an envelope's due date one second into the past, as if time had run out (no job runs). */
export const pastDue = async (server: TestServer, envelopeId: string): Promise<void> => {
  const due = new Date(server.clock.now().getTime() - 1000).toISOString();
  await server.service.ctx.db.updateTable('envelopes').set({ signing_due_date: due }).where('id', '=', envelopeId).execute();
};
