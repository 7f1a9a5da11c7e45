import { HttpTimestampAuthority, PDF, type SignOptions } from '@libpdf/core';
import type { SigningIdentity } from './signing-identity.js';

export interface SealOptions {
  reason?: string;
  location?: string;
  /** RFC 3161 time-stamp authority; when set the seal is PAdES B-LTA, otherwise B-B. */
  tsaUrl?: string;
}

const DEFAULT_REASON = 'Sealed by Countersign on completion of the envelope';
/** Room for the CMS: two RSA-2048 certificates, the signature and an RFC 3161 token with its own chain. */
const SIGNATURE_SPACE = 24 * 1024;
/** Room for the document time-stamp: an RFC 3161 token with the TSA's certificate chain. */
const DOCUMENT_TIMESTAMP_SPACE = 16 * 1024;

/**
 * Seals the document with a PAdES signature (ETSI.CAdES.detached, signing-certificate-v2) in an
 * incremental update, so the bytes before it stay exactly as they were stamped.
 *
 * With a TSA the seal is B-LTA in three revisions: the time-stamped signature (B-T); a DSS with the
 * certificates of the seal and of the TSA and whatever revocation data their certificates point to
 * (B-LT; the generated sealing certificate points to none, its root's key is destroyed so nothing can
 * revoke it); then a document time-stamp over all of it. @libpdf/core's own 'B-LTA' level appends a
 * second DSS after the document time-stamp, which that time-stamp then does not cover: a verifier
 * could no longer tell the whole file is time-stamped, so the document time-stamp comes last here and
 * its validation data waits for the next archival time-stamp, as PAdES intends.
 */
export const sealPdf = async (bytes: Uint8Array, identity: SigningIdentity, options: SealOptions = {}): Promise<Uint8Array> => {
  const pdf = await PDF.load(bytes);
  const signature: SignOptions = {
    signer: identity.signer,
    reason: options.reason ?? DEFAULT_REASON,
    ...(options.location ? { location: options.location } : {}),
    subFilter: 'ETSI.CAdES.detached',
    estimatedSize: SIGNATURE_SPACE,
  };
  if (!options.tsaUrl) return (await pdf.sign({ ...signature, level: 'B-B' })).bytes;
  const timestampAuthority = new HttpTimestampAuthority(options.tsaUrl);
  await pdf.sign({ ...signature, level: 'B-LT', timestampAuthority });
  const { bytes: archived } = await pdf.addTimestamp({ timestampAuthority, estimatedSize: DOCUMENT_TIMESTAMP_SPACE });
  return archived;
};
