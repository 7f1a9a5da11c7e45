import type { Check } from '@countersign/verify';
import { readEnvelopeDocumentsWithCertificate } from '../../infra/db/tables/documents-table.js';
import { sha256Hex } from '../../infra/hash.js';
import type { AppContext } from '../context.js';
import { readVerificationRecord } from './verification-record.js';

export interface FileVerdict {
  /** The file is byte for byte one of the envelope's sealed documents or its certificate of completion. */
  match: boolean;
  documentName: string | null;
  seal: { valid: boolean; checks: Check[] };
}

/** Compares an uploaded PDF with the envelope's sealed documents and checks its seal against this service's root. */
export const checkSealedPdf = async (ctx: AppContext, envelopeId: string, bytes: Uint8Array): Promise<FileVerdict> => {
  // Answers ENVELOPE_NOT_FOUND unless the envelope is completed, exactly like the public record.
  await readVerificationRecord(ctx, envelopeId);
  const digest = sha256Hex(bytes);
  // The certificate of completion is sealed too, so a holder of it can check it here as well.
  const sealed = await readEnvelopeDocumentsWithCertificate(ctx.db, envelopeId);
  const matched = sealed.find((doc) => doc.sealedSha256 === digest);
  const report = await ctx.pdf.verify(bytes, { trustedCertificates: [ctx.keys.trustAnchor] });
  return { match: matched !== undefined, documentName: matched?.name ?? null, seal: { valid: report.valid, checks: report.checks } };
};
