import { readEnvelopeDocuments, type Document } from '../../infra/db/tables/documents-table.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import { readRecipients, type Recipient } from '../../infra/db/tables/recipients-table.js';
import type { AppContext } from '../context.js';
import { loadEnvelope } from './load-envelope.js';
import { senderOf } from './sender.js';

export interface EnvelopeDetails {
  envelope: Envelope;
  createdBy: { name: string; email: string };
  documents: Document[];
  signers: Recipient[];
  observers: Recipient[];
}

/**
 * Everything the sender sees about one envelope (API.md §3). The certificate of completion is a
 * download of its own (`documentId` = `certificate`), so it is not listed among the documents.
 */
export const getEnvelopeDetails = async (ctx: AppContext, accountId: string, envelopeId: string): Promise<EnvelopeDetails> => {
  const envelope = await loadEnvelope(ctx, ctx.db, accountId, envelopeId);
  const [sender, documents, recipients] = await Promise.all([
    senderOf(ctx.db, accountId),
    readEnvelopeDocuments(ctx.db, envelopeId),
    readRecipients(ctx.db, envelopeId),
  ]);
  return {
    envelope,
    createdBy: { name: sender.name, email: sender.email },
    documents,
    signers: recipients.filter((r) => r.role === 'signer'),
    observers: recipients.filter((r) => r.role === 'observer'),
  };
};
