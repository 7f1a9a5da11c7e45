import { updateEnvelope } from '../../infra/db/tables/envelopes-table.js';
import type { AppContext, Caller } from '../context.js';
import { appendLedgerEntry } from '../ledger/append-ledger-entry.js';
import { ledgerTransaction } from '../ledger/ledger-transaction.js';
import type { RequestOrigin } from './new-envelope.js';
import { loadEnvelope } from './load-envelope.js';
import type { EnvelopeMetadata } from './retrieve-metadata.js';
import { actingPerson } from './sender.js';

export interface MetadataChange {
  name?: string;
  description?: string;
  tags?: string[];
  metadata?: Record<string, string>;
}

/** Renames, re-describes, re-tags or re-labels an envelope in any status; recorded in its ledger. */
export const updateMetadata = async (
  ctx: AppContext,
  caller: Caller,
  envelopeId: string,
  change: MetadataChange,
  origin: RequestOrigin,
): Promise<EnvelopeMetadata> =>
  ledgerTransaction(ctx, async (trx) => {
    const envelope = await loadEnvelope(ctx, trx, caller.accountId, envelopeId, { lock: true });
    await updateEnvelope(trx, envelopeId, change);
    const actor = await actingPerson(trx, caller);
    await appendLedgerEntry(ctx, trx, {
      envelopeId,
      activityType: 'METADATA_UPDATED',
      actor: { name: actor.name, email: actor.email },
      description: `Envelope ${Object.keys(change).sort().join(', ')} updated.`,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
    });
    const { id, name, description, tags, metadata } = { ...envelope, ...change };
    return { id, name, description, tags, metadata };
  });
