import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sealPdf } from '../../../src/infra/pdf/seal-pdf.js';
import { loadSigningIdentity, type SigningIdentity } from '../../../src/infra/pdf/signing-identity.js';
import { verifySealedPdf } from '@countersign/verify';
import { makePdf } from '../../support/pdf-fixtures.js';
import { pdfsig } from './poppler.js';
import { startTestTsa, type TestTsa } from './tsa-server.js';

const signedRange = (sealed: Uint8Array): [number, number, number, number] => {
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(Buffer.from(sealed).toString('latin1'));
  assert.ok(match, 'the sealed file has a /ByteRange');
  return [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
};

const flipByte = (bytes: Uint8Array, at: number): Uint8Array => {
  const copy = bytes.slice();
  copy[at] = (copy[at] ?? 0) ^ 0x01;
  return copy;
};

describe('sealPdf and verifySealedPdf', () => {
  let dataDir: string;
  let identity: SigningIdentity;
  let sealed: Uint8Array;
  let tsa: TestTsa;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'countersign-seal-'));
    identity = await loadSigningIdentity({ dataDir });
    sealed = await sealPdf(await makePdf({ pages: 3, text: 'Agreement' }), identity, {
      reason: 'Envelope completed',
      location: 'Countersign',
    });
    tsa = await startTestTsa();
  });

  after(async () => {
    await tsa.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('produces a PAdES seal that pdfsig reports as valid and covering the whole document', async () => {
    const report = await pdfsig(sealed);
    assert.match(report, /Signature Type: ETSI\.CAdES\.detached/);
    assert.match(report, /Signature Validation: Signature is Valid\./);
    assert.match(report, /Total document signed/);
    assert.match(report, /Countersign Document Sealing/);
  });

  it('verifies an intact sealed PDF offline, naming the signer', async () => {
    const report = await verifySealedPdf(sealed);
    assert.equal(report.valid, true, JSON.stringify(report.checks));
    assert.deepEqual(
      report.checks.map((check) => check.name),
      ['byte range', 'document digest', 'signature', 'signing-certificate-v2', 'certificate chain'],
    );
    assert.match(report.signer?.subject ?? '', /CN=Countersign Document Sealing/);
    assert.match(report.signer?.issuer ?? '', /CN=Countersign Local Root CA/);
    assert.ok(report.signedAt && Math.abs(Date.parse(report.signedAt) - Date.now()) < 60_000);
    assert.equal(report.timestamped, false);
  });

  it('accepts the seal when the service root is the trusted certificate', async () => {
    const root = identity.certificateChain.at(-1);
    assert.ok(root);
    assert.equal((await verifySealedPdf(sealed, { trustedCertificates: [root] })).valid, true);
  });

  it('rejects a seal that does not chain to the trusted certificates', async () => {
    const report = await verifySealedPdf(sealed, { trustedCertificates: [tsa.rootCertificate] });
    assert.equal(report.valid, false);
    assert.equal(report.checks.find((check) => check.name === 'certificate chain')?.ok, false);
  });

  for (const [where, position] of [
    ['at the start', 0.001],
    ['in the middle', 0.2],
    ['after the signature', 0.999],
  ] as const) {
    it(`fails after one byte is flipped ${where} of the signed range`, async () => {
      const [, firstLength, secondStart, secondLength] = signedRange(sealed);
      const signedLength = firstLength + secondLength;
      const offset = Math.floor(signedLength * position);
      const at = offset < firstLength ? offset : secondStart + (offset - firstLength);
      const report = await verifySealedPdf(flipByte(sealed, at));
      assert.equal(report.valid, false);
      assert.ok(report.checks.some((check) => !check.ok));
    });
  }

  it('fails when bytes are appended after the seal', async () => {
    const extended = Buffer.concat([sealed, Buffer.from('\n% unsigned trailer\n')]);
    const report = await verifySealedPdf(extended);
    assert.equal(report.valid, false);
    assert.equal(report.checks[0]?.name, 'byte range');
  });

  it('reports an unsigned PDF as not valid, saying it has no signature', async () => {
    const report = await verifySealedPdf(await makePdf());
    assert.equal(report.valid, false);
    assert.match(report.checks[0]?.detail ?? '', /no digital signature/);
  });

  it('reports a file that is not a PDF as not valid', async () => {
    const report = await verifySealedPdf(new TextEncoder().encode('just some text'));
    assert.equal(report.valid, false);
    assert.match(report.checks[0]?.detail ?? '', /not a readable PDF/);
  });
});
