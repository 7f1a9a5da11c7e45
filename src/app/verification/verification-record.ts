import { AppError } from '../../domain/app-error.js';
import { readEnvelopeDocuments, type Document } from '../../infra/db/tables/documents-table.js';
import type { Envelope } from '../../infra/db/tables/envelopes-table.js';
import type { AppContext } from '../context.js';
import { loadEnvelopeById } from '../envelopes/load-envelope.js';

/** The public record of a completed envelope (docs/concepts/ledger.md): what anyone holding the sealed PDF may compare it with. */
export interface VerificationRecord {
  envelope: Envelope;
  /** The envelope's own documents in order; the certificate of completion is not one of them (docs/concepts/ledger.md). */
  documents: Document[];
}

/**
 * Only a Completed envelope has a public record: one still out for signature, ended without
 * completion, deleted or unknown is ENVELOPE_NOT_FOUND alike (docs/concepts/ledger.md), so the public page tells
 * nothing about envelopes that have not been sealed, not even that they exist.
 */
export const readVerificationRecord = async (ctx: AppContext, envelopeId: string): Promise<VerificationRecord> => {
  const envelope = await loadEnvelopeById(ctx, ctx.db, envelopeId);
  if (envelope?.status !== 'Completed') throw new AppError('ENVELOPE_NOT_FOUND', `No completed envelope ${envelopeId}.`);
  return { envelope, documents: await readEnvelopeDocuments(ctx.db, envelopeId) };
};

/** Whether the envelope has a public record, for the page that people open (it fetches the record itself). */
export const hasVerificationRecord = async (ctx: AppContext, envelopeId: string): Promise<boolean> =>
  (await loadEnvelopeById(ctx, ctx.db, envelopeId))?.status === 'Completed';
