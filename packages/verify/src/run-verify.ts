import { printVerification } from './print-verification.js';
import { resolveTrust, type VerifyTrust } from './trust.js';
import { VerifyUsageError } from './usage-error.js';
import { readPdfFile, verifyPdfBytes } from './verify-file.js';

export interface VerifyRequest {
  /** The file names given: exactly one is verified. */
  files: string[];
  trust?: string | undefined;
  online?: string | undefined;
  json: boolean;
  /** Trust to use without --trust and --online (`countersign verify`: the installation's own keys). */
  fallbackTrust?: () => Promise<VerifyTrust | undefined>;
}

/**
 * The verifier's command, shared by `countersign-verify` and `countersign verify`: prints the report
 * (or with `json` one JSON document) and returns the exit code, 0 when every check holds and 1 when
 * any fails. Throws VerifyUsageError (exit code 2) when it cannot verify as asked.
 */
export const runVerify = async (request: VerifyRequest): Promise<number> => {
  const [file, ...extra] = request.files;
  if (!file) throw new VerifyUsageError('give the PDF file to verify');
  if (extra.length) throw new VerifyUsageError(`one file at a time (got ${request.files.length})`);
  const bytes = await readPdfFile(file);
  const trust = await resolveTrust({ trust: request.trust, online: request.online, fallback: request.fallbackTrust });
  const verification = await verifyPdfBytes(file, bytes, trust, request.online);
  if (request.json) console.log(JSON.stringify(verification));
  else printVerification(verification);
  return verification.valid ? 0 : 1;
};
