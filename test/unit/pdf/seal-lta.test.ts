import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpTimestampAuthority, PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfRef, PdfStream, PdfString } from '@libpdf/core';
import * as x509 from '@peculiar/x509';
import { sealPdf } from '../../../src/infra/pdf/seal-pdf.js';
import { loadSigningIdentity, type SigningIdentity } from '../../../src/infra/pdf/signing-identity.js';
import { verifySealedPdf } from '@countersign/verify';
import { makePdf } from '../../support/pdf-fixtures.js';
import { pdfsig, pdfText } from './poppler.js';
import { startTestTsa, type TestTsa } from './tsa-server.js';

interface SignatureInFile {
  type: string;
  byteRange: [number, number, number, number];
  contents: Uint8Array;
}

const signaturesOf = async (bytes: Uint8Array): Promise<SignatureInFile[]> => {
  const pdf = await PDF.load(bytes);
  return (pdf.getForm()?.getSignatureFields() ?? []).flatMap((field) => {
    const dict = field.getSignatureDict();
    const range = dict?.get('ByteRange');
    const contents = dict?.get('Contents');
    if (!dict || !(range instanceof PdfArray) || !(contents instanceof PdfString)) return [];
    const byteRange = range.toArray().map((n) => (n instanceof PdfNumber ? n.value : NaN)) as SignatureInFile['byteRange'];
    return [{ type: dict.getName('Type')?.value ?? '', byteRange, contents: contents.bytes }];
  });
};

const endOf = ({ byteRange }: SignatureInFile): number => byteRange[2] + byteRange[3];

const signedBytes = (bytes: Uint8Array, { byteRange: [start, first, second, length] }: SignatureInFile): Uint8Array =>
  Buffer.concat([bytes.subarray(start, start + first), bytes.subarray(second, second + length)]);

/** /Contents is zero-padded to its placeholder: the DER SEQUENCE's own length says where the token ends. */
const withoutPadding = (der: Uint8Array): Uint8Array => {
  const lengthByte = der[1] ?? 0;
  if (lengthByte < 0x80) return der.subarray(0, 2 + lengthByte);
  const octets = lengthByte & 0x7f;
  const length = [...der.subarray(2, 2 + octets)].reduce((total, byte) => total * 256 + byte, 0);
  return der.subarray(0, 2 + octets + length);
};

const flipByte = (bytes: Uint8Array, at: number): Uint8Array => {
  const copy = bytes.slice();
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
};

const zeroContents = (bytes: Uint8Array, from: number, to: number): Uint8Array => {
  const copy = bytes.slice();
  copy.fill(0x30, from, to);
  return copy;
};

const dssOf = async (bytes: Uint8Array): Promise<{ dss: PdfDict | undefined; resolve: (ref: PdfRef) => unknown }> => {
  const pdf = await PDF.load(bytes);
  const resolve = (ref: PdfRef) => pdf.context.resolve(ref);
  const dss = pdf.getCatalog().get('DSS');
  const dict = dss instanceof PdfRef ? resolve(dss) : dss;
  return { dss: dict instanceof PdfDict ? dict : undefined, resolve };
};

const failedChecks = (report: Awaited<ReturnType<typeof verifySealedPdf>>) => report.checks.filter((check) => !check.ok);

describe('PAdES B-LTA seal with a time-stamp authority', () => {
  let dataDir: string;
  let identity: SigningIdentity;
  let tsa: TestTsa;
  let sealed: Uint8Array;
  let issuedForOneSeal: number;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'countersign-lta-'));
    identity = await loadSigningIdentity({ dataDir });
    tsa = await startTestTsa();
    const issuedBefore = tsa.issued;
    sealed = await sealPdf(await makePdf({ pages: 2, text: 'Agreement' }), identity, { tsaUrl: tsa.url });
    issuedForOneSeal = tsa.issued - issuedBefore;
  });

  /** What a forger with any TSA can do: a document time-stamp over the file as it now is. */
  const timestampAfresh = async (bytes: Uint8Array): Promise<Uint8Array> =>
    (await (await PDF.load(bytes)).addTimestamp({ timestampAuthority: new HttpTimestampAuthority(tsa.url) })).bytes;

  after(async () => {
    await tsa.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('asks the TSA twice: the signature time-stamp and the document time-stamp', () => {
    assert.equal(issuedForOneSeal, 2);
  });

  it('is a seal over its own revision followed by a document time-stamp over the whole file, as pdfsig reads it', async () => {
    const report = await pdfsig(sealed);
    const [seal, timestamp] = report.split(/Signature #\d+:/).slice(1);
    assert.ok(seal && timestamp, report);
    assert.match(seal, /Signature Type: ETSI\.CAdES\.detached/);
    assert.match(seal, /Signer Certificate Common Name: Countersign Document Sealing/);
    assert.match(seal, /Signature Validation: Signature is Valid\./);
    assert.match(seal, /Not total document signed/);
    assert.match(timestamp, /Signature Field Name: Timestamp_1/);
    assert.match(timestamp, /Signer Certificate Common Name: Test TSA/);
    assert.match(timestamp, /- Total document signed/);
    const signatures = await signaturesOf(sealed);
    assert.deepEqual(
      signatures.map((signature) => signature.type),
      ['Sig', 'DocTimeStamp'],
    );
    assert.equal(endOf(signatures[1]!), sealed.length);
  });

  it('passes our verifier, which reports the signature time-stamp and the document time-stamp', async () => {
    const report = await verifySealedPdf(sealed);
    assert.equal(report.valid, true, JSON.stringify(report.checks));
    assert.deepEqual(
      report.checks.map((check) => check.name),
      [
        'byte range',
        'document digest',
        'signature',
        'signing-certificate-v2',
        'certificate chain',
        'time-stamp',
        'later revisions',
        'document time-stamp',
        'document time-stamp coverage',
      ],
    );
    assert.equal(report.timestamped, true);
    assert.ok(report.documentTimestampedAt);
    const documentTimestamp = report.checks.find((check) => check.name === 'document time-stamp');
    assert.match(
      documentTimestamp?.detail ?? '',
      new RegExp(`of ${report.documentTimestampedAt} by CN=Test TSA, whose certificate chains to CN=Test TSA Root, covers the whole file`),
    );
    const root = identity.certificateChain.at(-1)!;
    assert.equal((await verifySealedPdf(sealed, { trustedCertificates: [root] })).valid, true);
  });

  it('carries a DSS with the certificates of the seal and of the TSA, and no revocation data our certificates do not offer', async () => {
    const { dss, resolve } = await dssOf(sealed);
    assert.ok(dss, 'the catalog has a /DSS');
    const certs = dss.getArray('Certs')?.toArray() ?? [];
    const subjects = certs.map((ref) => {
      const stream = resolve(ref as PdfRef);
      assert.ok(stream instanceof PdfStream);
      return new x509.X509Certificate(Buffer.from(stream.getDecodedData())).subject;
    });
    assert.ok(subjects.some((subject) => subject.includes('CN=Countersign Document Sealing')));
    assert.ok(subjects.some((subject) => subject.includes('CN=Countersign Local Root CA')));
    assert.ok(subjects.includes('CN=Test TSA'));
    assert.ok(subjects.includes('CN=Test TSA Root'));
    assert.ok(dss.get('VRI') instanceof PdfDict);
    assert.equal(dss.get('CRLs'), undefined);
    assert.equal(dss.get('OCSPs'), undefined);
  });

  it('has a document time-stamp that openssl verifies against the test TSA root', async () => {
    const timestamp = (await signaturesOf(sealed)).find((signature) => signature.type === 'DocTimeStamp');
    assert.ok(timestamp);
    const report = await tsa.verifyToken(withoutPadding(timestamp.contents), signedBytes(sealed, timestamp));
    assert.match(report, /Verification: OK/);
    await assert.rejects(tsa.verifyToken(withoutPadding(timestamp.contents), flipByte(signedBytes(sealed, timestamp), 100)));
  });

  it('fails when a byte of the DSS revision, between the seal and the document time-stamp, is flipped', async () => {
    const [seal, timestamp] = await signaturesOf(sealed);
    const at = Math.floor((endOf(seal!) + timestamp!.byteRange[1]) / 2);
    const report = await verifySealedPdf(flipByte(sealed, at));
    assert.equal(report.valid, false);
    assert.ok(failedChecks(report).length > 0);
  });

  it('never accepts nor throws on a byte flipped anywhere the document time-stamp covers after the seal (80 positions)', async () => {
    const [seal, timestamp] = await signaturesOf(sealed);
    const covered = [
      ...Array.from({ length: timestamp!.byteRange[1] - endOf(seal!) }, (_, index) => endOf(seal!) + index),
      ...Array.from({ length: timestamp!.byteRange[3] }, (_, index) => timestamp!.byteRange[2] + index),
    ];
    const positions = Array.from({ length: 80 }, (_, index) => covered[Math.floor((covered.length * index) / 80)]!);
    for (const at of positions) {
      const report = await verifySealedPdf(flipByte(sealed, at));
      assert.equal(report.valid, false, `byte ${at} flipped`);
    }
  });

  it('fails when the document time-stamp token is altered in its signed content or replaced by zeros', async () => {
    const timestamp = (await signaturesOf(sealed)).find((signature) => signature.type === 'DocTimeStamp')!;
    const hexStart = timestamp.byteRange[1] + 1;
    // Byte 70 of the token lies in its TSTInfo (the signed content with the imprint); 2 hex digits per byte.
    for (const altered of [flipByte(sealed, hexStart + 2 * 70), zeroContents(sealed, hexStart, timestamp.byteRange[2] - 1)]) {
      const report = await verifySealedPdf(altered);
      assert.equal(report.valid, false);
      assert.equal(report.checks.find((check) => check.name === 'document time-stamp')?.ok, false);
    }
  });

  it('fails when a byte of the sealed revision is flipped', async () => {
    const [seal] = await signaturesOf(sealed);
    const report = await verifySealedPdf(flipByte(sealed, Math.floor(seal!.byteRange[1] / 2)));
    assert.equal(report.valid, false);
  });

  it('fails when the document is changed in a revision after the document time-stamp', async () => {
    const pdf = await PDF.load(sealed);
    pdf.getPage(0)!.drawText('Amended: pay twice', { x: 72, y: 600, size: 12 });
    const amended = await pdf.save({ incremental: true });
    const report = await verifySealedPdf(amended);
    assert.equal(report.valid, false);
    assert.deepEqual(
      failedChecks(report).map((check) => check.name),
      ['later revisions', 'document time-stamp coverage'],
    );
    assert.match(await pdfsig(amended), /Not total document signed[\s\S]*Not total document signed/);
  });

  it('fails when the page is changed after the seal even under a valid document time-stamp over the whole file', async () => {
    const pdf = await PDF.load(sealed);
    pdf.getPage(0)!.drawText('Amended: pay twice', { x: 72, y: 600, size: 12 });
    const retimestamped = await timestampAfresh(await pdf.save({ incremental: true }));
    assert.match(await pdfText(retimestamped), /Amended: pay twice/);
    const report = await verifySealedPdf(retimestamped);
    assert.equal(report.valid, false);
    const failed = failedChecks(report);
    assert.deepEqual(
      failed.map((check) => check.name),
      ['later revisions'],
    );
    assert.match(failed[0]!.detail, /changed after the seal/);
  });

  it('fails when a visible form field is added after the seal, even under a valid document time-stamp', async () => {
    const pdf = await PDF.load(sealed);
    const note = pdf.getOrCreateForm().createTextField('note', { defaultValue: 'Amended: pay twice' });
    await pdf.getPage(0)!.drawField(note, { x: 72, y: 600, width: 200, height: 24 });
    const retimestamped = await timestampAfresh(await pdf.save({ incremental: true }));
    assert.match(await pdfText(retimestamped), /Amended: pay twice/);
    const report = await verifySealedPdf(retimestamped);
    assert.equal(report.valid, false);
    assert.deepEqual(
      failedChecks(report).map((check) => check.name),
      ['later revisions'],
    );
  });

  it('fails when the catalog gains anything but the DSS after the seal (an /OpenAction)', async () => {
    const pdf = await PDF.load(sealed);
    pdf.getCatalog().set('OpenAction', PdfArray.of(pdf.getPage(0)!.ref, PdfName.of('Fit')));
    const report = await verifySealedPdf(await timestampAfresh(await pdf.save({ incremental: true })));
    assert.equal(report.valid, false);
    assert.match(failedChecks(report)[0]?.detail ?? '', /\/OpenAction of the catalog/);
  });

  it('accepts a later archival renewal: more validation data and a new document time-stamp over the whole file', async () => {
    const pdf = await PDF.load(sealed);
    await pdf.addValidationData();
    const { bytes: renewed } = await pdf.addTimestamp({ timestampAuthority: new HttpTimestampAuthority(tsa.url) });
    const report = await verifySealedPdf(renewed);
    assert.equal(report.valid, true, JSON.stringify(failedChecks(report)));
    assert.equal(report.checks.filter((check) => check.name === 'document time-stamp').length, 2);
  });

  it('refuses more than 16 document time-stamps after the seal rather than hash the file that many times', async () => {
    let bytes = sealed;
    for (let count = 1; count < 16; count += 1) bytes = await timestampAfresh(bytes);
    const atLimit = await verifySealedPdf(bytes);
    assert.equal(atLimit.valid, true, JSON.stringify(failedChecks(atLimit)));
    const report = await verifySealedPdf(await timestampAfresh(bytes));
    assert.equal(report.valid, false);
    assert.match(report.checks[0]?.detail ?? '', /more than 16 document time-stamps/);
  });

  it('without a TSA seals B-B exactly as before: one revision, no DSS, no time-stamp', async () => {
    const issuedBefore = tsa.issued;
    const plain = await sealPdf(await makePdf(), identity);
    assert.equal(tsa.issued, issuedBefore);
    const signatures = await signaturesOf(plain);
    assert.deepEqual(
      signatures.map((signature) => signature.type),
      ['Sig'],
    );
    assert.equal(endOf(signatures[0]!), plain.length);
    assert.equal((await dssOf(plain)).dss, undefined);
    const report = await verifySealedPdf(plain);
    assert.equal(report.valid, true);
    assert.equal(report.timestamped, false);
    assert.equal(report.documentTimestampedAt, null);
  });
});
