import { AppError } from '../../domain/app-error.js';
import { readEnvelopeDocumentsWithCertificate, type Document } from '../../infra/db/tables/documents-table.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import type { AppContext } from '../context.js';
import { loadEnvelopeById } from '../envelopes/load-envelope.js';

/** The public record of an envelope (API.md §6): what anyone holding the sealed PDF may compare it with. */
export interface VerificationRecord {
  envelope: Envelope;
  /** The certificate of completion first once sealed, then the documents in order. */
  documents: Document[];
}

export const readVerificationRecord = async (ctx: AppContext, envelopeId: string): Promise<VerificationRecord> => {
  const envelope = await loadEnvelopeById(ctx, ctx.db, envelopeId);
  if (!envelope) throw new AppError('ENVELOPE_NOT_FOUND', `No envelope ${envelopeId}.`);
  return { envelope, documents: await readEnvelopeDocumentsWithCertificate(ctx.db, envelopeId) };
};
