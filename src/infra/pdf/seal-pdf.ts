import { HttpTimestampAuthority, PDF } from '@libpdf/core';
import type { SigningIdentity } from './signing-identity.js';

export interface SealOptions {
  reason?: string;
  location?: string;
  /** RFC 3161 time-stamp authority; when set the seal is PAdES B-T, otherwise B-B. */
  tsaUrl?: string;
}

const DEFAULT_REASON = 'Sealed by Countersign on completion of the envelope';
/** Room for the CMS: two RSA-2048 certificates, the signature and an RFC 3161 token with its own chain. */
const SIGNATURE_SPACE = 24 * 1024;

/**
 * Seals the document with a PAdES signature (ETSI.CAdES.detached, signing-certificate-v2) in an
 * incremental update, so the bytes before it stay exactly as they were stamped.
 */
export const sealPdf = async (bytes: Uint8Array, identity: SigningIdentity, options: SealOptions = {}): Promise<Uint8Array> => {
  const pdf = await PDF.load(bytes);
  const { bytes: sealed } = await pdf.sign({
    signer: identity.signer,
    reason: options.reason ?? DEFAULT_REASON,
    ...(options.location ? { location: options.location } : {}),
    subFilter: 'ETSI.CAdES.detached',
    ...(options.tsaUrl
      ? { level: 'B-T' as const, timestampAuthority: new HttpTimestampAuthority(options.tsaUrl) }
      : { level: 'B-B' as const }),
    estimatedSize: SIGNATURE_SPACE,
  });
  return sealed;
};
