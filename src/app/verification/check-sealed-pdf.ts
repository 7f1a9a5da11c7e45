import { sha256Hex } from '../../infra/hash.js';
import { verifySealedPdf, type Check } from '../../infra/pdf/verify-pdf.js';
import type { AppContext } from '../context.js';
import { readVerificationRecord } from './verification-record.js';

export interface FileVerdict {
  /** The file is byte for byte one of the envelope's sealed documents. */
  match: boolean;
  documentName: string | null;
  seal: { valid: boolean; checks: Check[] };
}

/** Compares an uploaded PDF with the envelope's sealed documents and checks its seal against this service's root. */
export const checkSealedPdf = async (ctx: AppContext, envelopeId: string, bytes: Uint8Array): Promise<FileVerdict> => {
  const record = await readVerificationRecord(ctx, envelopeId);
  const digest = sha256Hex(bytes);
  const matched = record.documents.find((doc) => doc.sealedSha256 === digest);
  const report = await verifySealedPdf(bytes, { trustedCertificates: [ctx.keys.trustAnchor] });
  return { match: matched !== undefined, documentName: matched?.name ?? null, seal: { valid: report.valid, checks: report.checks } };
};
