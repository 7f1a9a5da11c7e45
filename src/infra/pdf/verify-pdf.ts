import { PDF, PdfArray, PdfNumber, PdfString, type PdfDict } from '@libpdf/core';
import { scanInflateBudget } from './inflate-budget.js';
import { verifyCmsSignature, verifyTimestampToken, type Check, type SignerSummary } from './cms-signature.js';
import { checkLaterRevisions } from './later-revisions.js';

export type { Check, SignerSummary } from './cms-signature.js';

export interface VerifyReport {
  valid: boolean;
  checks: Check[];
  signer: SignerSummary | null;
  signedAt: string | null;
  /** The seal carries a valid signature time-stamp (B-T) or a valid document time-stamp covers the file (B-LTA). */
  timestamped: boolean;
  /** Time of the document time-stamp that covers the whole file (PAdES B-LTA), null without one. */
  documentTimestampedAt: string | null;
}

export interface VerifyOptions {
  /** DER certificates to trust; without them the chain must end at the root embedded in the signature. */
  trustedCertificates?: Uint8Array[];
}

interface SignatureDictionary {
  byteRange: number[];
  contents: Uint8Array;
  /** A PAdES document time-stamp (/Type /DocTimeStamp) rather than a signature. */
  documentTimestamp: boolean;
}

const failed = (name: string, detail: string): VerifyReport => ({
  valid: false,
  checks: [{ name, ok: false, detail }],
  signer: null,
  signedAt: null,
  timestamped: false,
  documentTimestampedAt: null,
});

const readSignature = (dict: PdfDict): SignatureDictionary | undefined => {
  const range = dict.get('ByteRange');
  const contents = dict.get('Contents');
  if (!(range instanceof PdfArray) || !(contents instanceof PdfString)) return undefined;
  const byteRange = [0, 1, 2, 3].map((index) => range.at(index)).map((n) => (n instanceof PdfNumber ? n.value : NaN));
  return { byteRange, contents: contents.bytes, documentTimestamp: dict.getName('Type')?.value === 'DocTimeStamp' };
};

/** Where the signed bytes end: the length of the revision the signature was made on. */
const endOf = ({ byteRange }: Pick<SignatureDictionary, 'byteRange'>): number => (byteRange[2] ?? NaN) + (byteRange[3] ?? NaN);

const findSignatures = (pdf: PDF): SignatureDictionary[] =>
  (pdf.getForm()?.getSignatureFields() ?? [])
    .map((field) => field.getSignatureDict())
    .flatMap((dict) => (dict ? [readSignature(dict)] : []))
    .filter((signature): signature is SignatureDictionary => signature !== undefined);

const isHexContents = (bytes: Uint8Array, from: number, to: number): boolean =>
  bytes[from] === 0x3c &&
  bytes[to - 1] === 0x3e &&
  /^[0-9a-fA-F\s]*$/.test(Buffer.from(bytes.subarray(from + 1, to - 1)).toString('latin1'));

const isWellFormed = (bytes: Uint8Array, byteRange: number[]): boolean => {
  const [start, firstLength, secondStart, secondLength] = byteRange as [number, number, number, number];
  return (
    byteRange.every(Number.isInteger) &&
    start === 0 &&
    firstLength > 0 &&
    secondStart > firstLength &&
    secondLength >= 0 &&
    secondStart + secondLength <= bytes.length &&
    isHexContents(bytes, firstLength, secondStart)
  );
};

/**
 * The signature must cover every byte of the file but its own /Contents hex string: anything appended
 * or left out would be unsigned content a reader still displays.
 */
const checkCoverage = (bytes: Uint8Array, byteRange: number[]): Check => {
  const covered = isWellFormed(bytes, byteRange) && endOf({ byteRange }) === bytes.length;
  return {
    name: 'byte range',
    ok: covered,
    detail: covered
      ? `the signature covers the whole file (${bytes.length} bytes) except its own contents`
      : `the signed byte range [${byteRange.join(' ')}] does not cover the whole file of ${bytes.length} bytes`,
  };
};

const signedBytesOf = (bytes: Uint8Array, byteRange: number[]): Uint8Array => {
  const [start, firstLength, secondStart, secondLength] = byteRange as [number, number, number, number];
  return Buffer.concat([bytes.subarray(start, start + firstLength), bytes.subarray(secondStart, secondStart + secondLength)]);
};

/** Each document time-stamp hashes the file up to itself: a renewal every few years never comes near this many. */
const MAX_DOCUMENT_TIMESTAMPS = 16;

interface DocumentTimestampVerification {
  check: Check;
  time: string | null;
}

/** One document time-stamp: a well-formed byte range past the seal, and an RFC 3161 token over exactly those bytes. */
const verifyDocumentTimestamp = async (bytes: Uint8Array, timestamp: SignatureDictionary): Promise<DocumentTimestampVerification> => {
  const name = 'document time-stamp';
  const end = endOf(timestamp);
  if (!isWellFormed(bytes, timestamp.byteRange)) {
    return {
      time: null,
      check: { name, ok: false, detail: `the document time-stamp's byte range [${timestamp.byteRange.join(' ')}] is malformed` },
    };
  }
  try {
    const token = await verifyTimestampToken(timestamp.contents, signedBytesOf(bytes, timestamp.byteRange));
    const by = token.authority ? ` by ${token.authority}` : '';
    const extent = end === bytes.length ? `the whole file (${end} bytes)` : `the first ${end} bytes of the file`;
    return {
      time: token.ok ? token.time.toISOString() : null,
      check: {
        name,
        ok: token.ok,
        detail: token.ok
          ? `RFC 3161 document time-stamp of ${token.time.toISOString()}${by} covers ${extent} except its own contents`
          : 'the RFC 3161 document time-stamp does not match the file or is not validly signed',
      },
    };
  } catch (error) {
    return { time: null, check: { name, ok: false, detail: `unreadable document time-stamp token: ${(error as Error).message}` } };
  }
};

/**
 * PAdES B-LTA: the seal covers its own revision; the revisions after it may only add validation data
 * and document time-stamps, each time-stamp must verify over the bytes it names, and the last one must
 * cover the whole file.
 */
const checkArchivalRevisions = async (
  bytes: Uint8Array,
  pdf: PDF,
  seal: SignatureDictionary,
  timestamps: SignatureDictionary[],
): Promise<{ coverage: Check; after: Check[]; documentTimestampedAt: string | null }> => {
  const sealEnd = endOf(seal);
  const sealWellFormed = isWellFormed(bytes, seal.byteRange);
  const coverage: Check = {
    name: 'byte range',
    ok: sealWellFormed,
    detail: sealWellFormed
      ? `the signature covers the sealed revision (the first ${sealEnd} of ${bytes.length} bytes) except its own contents`
      : `the signed byte range [${seal.byteRange.join(' ')}] is malformed`,
  };
  const verified = await Promise.all(timestamps.map((timestamp) => verifyDocumentTimestamp(bytes, timestamp)));
  const last = timestamps.at(-1);
  const whole: Check =
    last && endOf(last) === bytes.length
      ? {
          name: 'document time-stamp coverage',
          ok: true,
          detail: `the last document time-stamp covers the whole file (${bytes.length} bytes)`,
        }
      : {
          name: 'document time-stamp coverage',
          ok: false,
          detail: `the last document time-stamp ends at byte ${last ? endOf(last) : 0}: the file of ${bytes.length} bytes was changed after it`,
        };
  let sealed: PDF | undefined;
  try {
    sealed = sealWellFormed ? await PDF.load(bytes.subarray(0, sealEnd)) : undefined;
  } catch {
    sealed = undefined;
  }
  const revisions = sealed
    ? checkLaterRevisions(sealed, pdf)
    : { name: 'later revisions', ok: false, detail: 'the sealed revision cannot be read on its own' };
  return {
    coverage,
    after: [revisions, ...verified.map((result) => result.check), whole],
    documentTimestampedAt: whole.ok ? (verified.at(-1)?.time ?? null) : null,
  };
};

/**
 * Verifies the seal of a PDF offline (`countersign verify`): the last signature must cover the whole
 * file, or (PAdES B-LTA) its own revision followed only by validation data and document time-stamps the
 * last of which covers the whole file; its digest must match the signed bytes, its CMS signature must
 * verify and its certificate must chain to a trust anchor. Throws PDF_TOO_COMPLEX for a file whose
 * streams inflate past the budget.
 */
export const verifySealedPdf = async (bytes: Uint8Array, options: VerifyOptions = {}): Promise<VerifyReport> => {
  scanInflateBudget(bytes);
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes);
  } catch {
    return failed('pdf', 'the file is not a readable PDF document');
  }
  const signatures = findSignatures(pdf).sort((a, b) => endOf(a) - endOf(b));
  const seal = signatures.filter((signature) => !signature.documentTimestamp).at(-1);
  if (!seal) return failed('signature', 'the document carries no digital signature');
  const timestamps = signatures.filter((signature) => signature.documentTimestamp && endOf(signature) > endOf(seal));
  if (timestamps.length > MAX_DOCUMENT_TIMESTAMPS) {
    return failed('document time-stamp', `more than ${MAX_DOCUMENT_TIMESTAMPS} document time-stamps follow the seal`);
  }
  const archival = timestamps.length > 0 ? await checkArchivalRevisions(bytes, pdf, seal, timestamps) : undefined;
  const coverage = archival?.coverage ?? checkCoverage(bytes, seal.byteRange);
  if (!coverage.ok) return { ...failed(coverage.name, coverage.detail), checks: [coverage] };
  const cms = await verifyCmsSignature(seal.contents, signedBytesOf(bytes, seal.byteRange), options.trustedCertificates);
  const checks = [coverage, ...cms.checks, ...(archival?.after ?? [])];
  const documentTimestampedAt = archival?.documentTimestampedAt ?? null;
  return {
    valid: checks.every((check) => check.ok),
    checks,
    signer: cms.signer,
    signedAt: cms.signedAt,
    timestamped: cms.timestamped || documentTimestampedAt !== null,
    documentTimestampedAt,
  };
};
