import { PDF, PdfArray, PdfNumber, PdfString, type PdfDict } from '@libpdf/core';
import { scanInflateBudget } from './inflate-budget.js';
import { verifyCmsSignature, type Check, type SignerSummary } from './cms-signature.js';

export type { Check, SignerSummary } from './cms-signature.js';

export interface VerifyReport {
  valid: boolean;
  checks: Check[];
  signer: SignerSummary | null;
  signedAt: string | null;
  timestamped: boolean;
}

export interface VerifyOptions {
  /** DER certificates to trust; without them the chain must end at the root embedded in the signature. */
  trustedCertificates?: Uint8Array[];
}

interface SignatureDictionary {
  byteRange: number[];
  contents: Uint8Array;
}

const failed = (name: string, detail: string): VerifyReport => ({
  valid: false,
  checks: [{ name, ok: false, detail }],
  signer: null,
  signedAt: null,
  timestamped: false,
});

const readSignature = (dict: PdfDict): SignatureDictionary | undefined => {
  const range = dict.get('ByteRange');
  const contents = dict.get('Contents');
  if (!(range instanceof PdfArray) || !(contents instanceof PdfString)) return undefined;
  const byteRange = [0, 1, 2, 3].map((index) => range.at(index)).map((n) => (n instanceof PdfNumber ? n.value : NaN));
  return { byteRange, contents: contents.bytes };
};

const findSignatures = (pdf: PDF): SignatureDictionary[] =>
  (pdf.getForm()?.getSignatureFields() ?? [])
    .map((field) => field.getSignatureDict())
    .flatMap((dict) => (dict ? [readSignature(dict)] : []))
    .filter((signature): signature is SignatureDictionary => signature !== undefined);

const isHexContents = (bytes: Uint8Array, from: number, to: number): boolean =>
  bytes[from] === 0x3c &&
  bytes[to - 1] === 0x3e &&
  /^[0-9a-fA-F\s]*$/.test(Buffer.from(bytes.subarray(from + 1, to - 1)).toString('latin1'));

/**
 * The signature must cover every byte of the file but its own /Contents hex string: anything appended
 * or left out would be unsigned content a reader still displays.
 */
const checkCoverage = (bytes: Uint8Array, byteRange: number[]): Check => {
  const [start, firstLength, secondStart, secondLength] = byteRange as [number, number, number, number];
  const wellFormed = byteRange.every(Number.isInteger) && start === 0 && firstLength > 0 && secondStart > firstLength;
  const covered = wellFormed && secondStart + secondLength === bytes.length && isHexContents(bytes, firstLength, secondStart);
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

/**
 * Verifies the seal of a PDF offline (`countersign verify`): the last signature must cover the whole
 * file, its digest must match the signed bytes, its CMS signature must verify and its certificate must
 * chain to a trust anchor. Throws PDF_TOO_COMPLEX for a file whose streams inflate past the budget.
 */
export const verifySealedPdf = async (bytes: Uint8Array, options: VerifyOptions = {}): Promise<VerifyReport> => {
  scanInflateBudget(bytes);
  let pdf: PDF;
  try {
    pdf = await PDF.load(bytes);
  } catch {
    return failed('pdf', 'the file is not a readable PDF document');
  }
  const seal = findSignatures(pdf).at(-1);
  if (!seal) return failed('signature', 'the document carries no digital signature');
  const coverage = checkCoverage(bytes, seal.byteRange);
  if (!coverage.ok) return { ...failed(coverage.name, coverage.detail), checks: [coverage] };
  const cms = await verifyCmsSignature(seal.contents, signedBytesOf(bytes, seal.byteRange), options.trustedCertificates);
  const checks = [coverage, ...cms.checks];
  return { valid: checks.every((check) => check.ok), checks, signer: cms.signer, signedAt: cms.signedAt, timestamped: cms.timestamped };
};
