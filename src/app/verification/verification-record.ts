import { AppError } from '../../domain/app-error.js';
import { loadEnvelopeById } from '../envelopes/load-envelope.js';
import type { AppContext } from '../context.js';

/** The public record of an envelope (API.md §6): what anyone holding the sealed PDF may compare it with. No e-mail addresses. */
export interface VerificationRecord {
  envelope_id: string;
  name: string;
  status: string;
  completed_at: string | null;
  documents: { name: string; sha256_original: string; sha256_sealed: string | null }[];
  ledger_head_hash: string | null;
}

export const readVerificationRecord = async (ctx: AppContext, envelopeId: string): Promise<VerificationRecord> => {
  const envelope = await loadEnvelopeById(ctx, ctx.db, envelopeId);
  if (!envelope) throw new AppError('ENVELOPE_NOT_FOUND', `No envelope ${envelopeId}.`);
  const documents = await ctx.db
    .selectFrom('documents')
    .select(['name', 'sha256', 'sealed_sha256'])
    .where('envelope_id', '=', envelopeId)
    .orderBy('position', 'asc')
    .execute();
  return {
    envelope_id: envelope.id,
    name: envelope.name,
    status: envelope.status,
    completed_at: envelope.completedAt,
    documents: documents.map((doc) => ({ name: doc.name, sha256_original: doc.sha256, sha256_sealed: doc.sealed_sha256 })),
    ledger_head_hash: envelope.sealedLedgerHeadHash,
  };
};
