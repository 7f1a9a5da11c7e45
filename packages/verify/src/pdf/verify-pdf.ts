import { PDF, PdfArray, PdfNumber, PdfString, type PdfDict } from '@libpdf/core';
import { scanInflateBudget } from './inflate-budget.js';
import {
  verifyCmsSignature,
  verifyTimestampToken,
  type SignerSummary,
  type TimestampChain,
  type TimestampTokenVerification,
} from './cms-signature.js';
import type { Check } from '../check.js';
import { dssCertificates } from './dss-certificates.js';
import { checkLaterRevisions } from './later-revisions.js';

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

/** /Contents holds the DER token then zeros up to its reserved size; anything else there is unexplained. */
const isZeroPadded = (contents: Uint8Array): boolean => {
  const lengthByte = contents[1] ?? 0;
  const octets = lengthByte < 0x80 ? 0 : lengthByte & 0x7f;
  const length = lengthByte < 0x80 ? lengthByte : [...contents.subarray(2, 2 + octets)].reduce((total, byte) => total * 256 + byte, 0);
  return octets <= 4 && contents.subarray(2 + octets + length).every((byte) => byte === 0);
};

type DocumentTimestampReading = { token: TimestampTokenVerification; end: number } | { problem: string };

/** One document time-stamp read from the bytes alone: a well-formed byte range and an RFC 3161 token over exactly those bytes. */
const readDocumentTimestamp = async (bytes: Uint8Array, timestamp: SignatureDictionary): Promise<DocumentTimestampReading> => {
  if (!isWellFormed(bytes, timestamp.byteRange) || !isZeroPadded(timestamp.contents)) {
    return { problem: `the document time-stamp's byte range [${timestamp.byteRange.join(' ')}] or its contents are malformed` };
  }
  try {
    const token = await verifyTimestampToken(timestamp.contents, signedBytesOf(bytes, timestamp.byteRange));
    return token.ok
      ? { token, end: endOf(timestamp) }
      : { problem: 'the RFC 3161 document time-stamp does not match the file or is not validly signed' };
  } catch (error) {
    return { problem: `unreadable document time-stamp token: ${(error as Error).message}` };
  }
};

const describeChain = (chain: TimestampChain): string => {
  if (chain.state === 'verified') return `, whose certificate chains to ${chain.root},`;
  if (chain.state === 'broken') return `, whose certificate chain does not hold (${chain.reason}),`;
  return ' (no root certificate of the TSA in the file)';
};

const documentTimestampCheck = (reading: DocumentTimestampReading, chain: TimestampChain | undefined, fileLength: number): Check => {
  const name = 'document time-stamp';
  if ('problem' in reading) return { name, ok: false, detail: reading.problem };
  const { token, end } = reading;
  const by = `${token.authority ? ` by ${token.authority}` : ''}${chain ? describeChain(chain) : ''}`;
  const extent = end === fileLength ? `the whole file (${end} bytes)` : `the first ${end} bytes of the file`;
  return {
    name,
    ok: chain?.state !== 'broken',
    detail: `RFC 3161 document time-stamp of ${token.time.toISOString()}${by} covers ${extent} except its own contents`,
  };
};

/**
 * PAdES B-LTA: the seal covers its own revision; every document time-stamp after it must verify over
 * the bytes it names and the last one must cover the whole file. Only then is the file's structure
 * read past the seal (a damaged revision is not worth parsing): the revisions after the seal may only
 * add validation data and document time-stamps, and the TSA chains the file carries must hold.
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
  const readings = await Promise.all(timestamps.map((timestamp) => readDocumentTimestamp(bytes, timestamp)));
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
  const intact = sealWellFormed && whole.ok && readings.every((reading) => 'token' in reading);
  let revisions: Check = { name: 'later revisions', ok: false, detail: 'not examined: the document time-stamps do not hold over the file' };
  let chains: (TimestampChain | undefined)[] = [];
  if (intact) {
    const certificates = dssCertificates(pdf);
    chains = await Promise.all(readings.map((reading) => ('token' in reading ? reading.token.chainWith(certificates) : undefined)));
    revisions = await compareWithSealedRevision(bytes.subarray(0, sealEnd), pdf);
  }
  const checks = readings.map((reading, index) => documentTimestampCheck(reading, chains[index], bytes.length));
  const lastReading = readings.at(-1);
  const allHold = intact && checks.every((check) => check.ok);
  return {
    coverage,
    after: [revisions, ...checks, whole],
    documentTimestampedAt: allHold && lastReading && 'token' in lastReading ? lastReading.token.time.toISOString() : null,
  };
};

const compareWithSealedRevision = async (sealedBytes: Uint8Array, pdf: PDF): Promise<Check> => {
  let sealed: PDF;
  try {
    sealed = await PDF.load(sealedBytes);
  } catch {
    return { name: 'later revisions', ok: false, detail: 'the sealed revision cannot be read on its own' };
  }
  return checkLaterRevisions(sealed, pdf);
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
