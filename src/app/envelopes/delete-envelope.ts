import { assertDeletable } from '../../domain/envelope-state.js';
import { readEnvelopeBlobHashes, readReferencedHashes } from '../../infra/db/tables/blob-references.js';
import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import type { AppContext } from '../context.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import { eventEnvelope } from '../webhooks/event-subjects.js';
import { recordWebhookEvent } from '../webhooks/record-webhook-event.js';
import { loadEnvelope } from './load-envelope.js';
import type { RequestOrigin } from './new-envelope.js';
import { actingPerson } from './sender.js';

/**
 * Deletes a Completed envelope: it reads as not found from then on and its bytes are removed, while the
 * ledger keeps its entries (and so the documents' hashes) for verification.
 */
export interface DeletedEnvelope {
  envelopeId: string;
  deletedAt: string;
}

export const deleteEnvelope = async (
  ctx: AppContext,
  request: { accountId: string; userId: string | null; envelopeId: string; origin: RequestOrigin },
): Promise<DeletedEnvelope> => {
  const deletedAt = ctx.clock.now().toISOString();
  const orphans = await ledgerTransaction(ctx, async (trx) => {
    const envelope = await loadEnvelope(ctx, trx, request.accountId, request.envelopeId, { lock: true });
    assertDeletable(envelope.status);
    const actor = await actingPerson(trx, request);
    await appendLedgerEntry(ctx, trx, {
      envelopeId: envelope.id,
      activityType: 'ENVELOPE_DELETED',
      actor: { name: actor.name, email: actor.email },
      description: `Envelope "${envelope.name}" deleted by the sender; its documents and attachments were removed.`,
      ipAddress: request.origin.ipAddress,
      userAgent: request.origin.userAgent,
    });
    await updateEnvelope(trx, envelope.id, { deletedAt, documentsRemovedAt: deletedAt });
    await recordWebhookEvent(ctx, trx, {
      accountId: envelope.accountId,
      type: 'envelope.deleted',
      data: { ...eventEnvelope(envelope, envelope.status), deleted_at: deletedAt },
    });
    const hashes = await readEnvelopeBlobHashes(trx, envelope.id);
    const referenced = await readReferencedHashes(trx, hashes);
    return hashes.filter((hash) => !referenced.has(hash));
  });
  ctx.jobs.poke();
  // Bytes go only after the commit: a rolled-back delete must not have lost them.
  for (const hash of orphans) await ctx.blobs.delete(hash);
  return { envelopeId: request.envelopeId, deletedAt };
};
