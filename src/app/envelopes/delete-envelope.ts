import { assertDeletable } from '../../domain/envelope-state.js';
import type { Db } from '../../infra/db/database.js';
import type { AppContext } from '../context.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { loadEnvelope } from './load-envelope.js';
import type { RequestOrigin } from './new-envelope.js';
import { senderOf } from './sender.js';

/** Every content hash the envelope's documents (original and sealed) and attachments point at. */
const hashesOfEnvelope = async (trx: Db, envelopeId: string): Promise<string[]> => {
  const documents = await trx.selectFrom('documents').select(['sha256', 'sealed_sha256']).where('envelope_id', '=', envelopeId).execute();
  const attachments = await trx.selectFrom('attachments').select('sha256').where('envelope_id', '=', envelopeId).execute();
  const hashes = [...documents.flatMap((d) => [d.sha256, d.sealed_sha256]), ...attachments.map((a) => a.sha256)];
  return [...new Set(hashes.filter((h): h is string => h !== null))];
};

/**
 * Blobs are shared by content (an envelope made from a template uses the template's bytes), so a
 * hash is only unreferenced when no live envelope, template or pending upload still points at it.
 */
const stillReferenced = async (trx: Db, hashes: string[]): Promise<Set<string>> => {
  if (!hashes.length) return new Set();
  const envelopeDocuments = await trx
    .selectFrom('documents')
    .innerJoin('envelopes', 'envelopes.id', 'documents.envelope_id')
    .select(['documents.sha256', 'documents.sealed_sha256'])
    .where('envelopes.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('documents.sha256', 'in', hashes), eb('documents.sealed_sha256', 'in', hashes)]))
    .execute();
  const templateDocuments = await trx
    .selectFrom('documents')
    .innerJoin('templates', 'templates.id', 'documents.template_id')
    .select('documents.sha256')
    .where('templates.deleted_at', 'is', null)
    .where('documents.sha256', 'in', hashes)
    .execute();
  const attachments = await trx
    .selectFrom('attachments')
    .innerJoin('envelopes', 'envelopes.id', 'attachments.envelope_id')
    .select('attachments.sha256')
    .where('envelopes.deleted_at', 'is', null)
    .where('attachments.sha256', 'in', hashes)
    .execute();
  const uploads = await trx.selectFrom('uploads').select('sha256').where('used_at', 'is', null).where('sha256', 'in', hashes).execute();
  return new Set([
    ...envelopeDocuments.flatMap((d) => [d.sha256, d.sealed_sha256]),
    ...templateDocuments.map((d) => d.sha256),
    ...attachments.map((a) => a.sha256),
    ...uploads.map((u) => u.sha256),
  ].filter((h): h is string => h !== null));
};

/**
 * Deletes a Completed envelope: it reads as not found from then on and its bytes are removed, while the
 * ledger keeps its entries (and so the documents' hashes) for verification.
 */
export const deleteEnvelope = async (ctx: AppContext, request: { accountId: string; envelopeId: string; origin: RequestOrigin }) => {
  const deletedAt = ctx.clock.now().toISOString();
  const orphans = await ctx.db.transaction().execute(async (trx) => {
    const envelope = await loadEnvelope(ctx, trx, request.accountId, request.envelopeId, { lock: true });
    assertDeletable(envelope.status);
    const sender = await senderOf(trx, request.accountId);
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'ENVELOPE_DELETED',
      actor: { name: sender.name, email: sender.email },
      description: `Envelope "${envelope.name}" deleted by the sender; its documents and attachments were removed.`,
      ipAddress: request.origin.ipAddress,
      userAgent: request.origin.userAgent,
    });
    await trx.updateTable('envelopes').set({ deleted_at: deletedAt, documents_removed_at: deletedAt }).where('id', '=', envelope.id).execute();
    const hashes = await hashesOfEnvelope(trx, envelope.id);
    const referenced = await stillReferenced(trx, hashes);
    return hashes.filter((hash) => !referenced.has(hash));
  });
  // Bytes go only after the commit: a rolled-back delete must not have lost them.
  for (const hash of orphans) await ctx.blobs.delete(hash);
  return { envelope_id: request.envelopeId, deleted_at: deletedAt };
};
