import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { before, it } from 'node:test';
import { promisify } from 'node:util';
import { PDF } from '@libpdf/core';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';
import type { TestServer } from '../../support/test-server.js';
import { withPdfFile } from '../../unit/pdf/poppler.js';
import { signBody, tokenFor, waitForCompletion } from './signing-helpers.js';

const run = promisify(execFile);

/** A document of one page of this size, in points. */
const documentOf = async (width: number, height: number, pages = 1): Promise<string> => {
  const pdf = PDF.create();
  for (let i = 0; i < pages; i += 1) pdf.addPage({ width, height });
  return Buffer.from(await pdf.save()).toString('base64');
};

const signerNumber = (n: number) => ({
  name: `Signer Number${n}`,
  email: `signer${n}@example.test`,
  fields: [{ type: 'signature', page: 1, x: 20, y: 20 + n * 12, width: 60, height: 10 }],
});

/** Creates, signs by everyone (typed or drawn) and seals; answers the sealed first document. */
const sealedEnvelope = async (
  server: TestServer,
  token: string,
  options: { content: string; signers: Record<string, unknown>[]; typed?: boolean; qr?: boolean },
): Promise<Uint8Array> => {
  const body = {
    ...(await envelopeRequest({ envelope: { append_verification_qr_code: Boolean(options.qr) } })),
    documents: [{ name: 'contract.pdf', content_base64: options.content }],
    recipients: { signers: options.signers },
  };
  const created = await server.call('POST', '/api/v2.0/envelopes/create', { token, body });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { envelope_id: envelopeId, documents } = created.body.data;
  for (const s of created.body.data.recipients.signers) {
    const signingToken = await tokenFor(server, envelopeId, s.recipient_id);
    const signature = options.typed ? { type: 'typed', text: 'Ada Lovelace' } : undefined;
    const signed = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody(signature ? { signature } : {}) });
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
  }
  assert.equal((await waitForCompletion(server, envelopeId, 60_000)).status, 'Completed');
  const download = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/${documents[0].document_id}/download`, { token });
  return new Uint8Array(Buffer.from(download.body.data.content_base64, 'base64'));
};

const pagesText = (bytes: Uint8Array): Promise<string[]> =>
  withPdfFile(bytes, async (path) => (await run('pdftotext', ['-layout', path, '-'])).stdout.split('\f').slice(0, -1));

describeOnEachDatabase('the certificate of completion in a sealed document (docs/concepts/signing.md)', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  it('draws a typed signature in the script font on the certificate page', async () => {
    const sealed = await sealedEnvelope(server, token, {
      content: await documentOf(595.28, 841.89),
      signers: [signerNumber(1)],
      typed: true,
    });
    const certificatePage = (await PDF.load(sealed)).getPageCount();
    const fonts = await withPdfFile(
      sealed,
      async (path) => (await run('pdffonts', ['-f', String(certificatePage), '-l', String(certificatePage), path])).stdout,
    );
    assert.match(fonts, /\+DancingScript-Regular/, fonts);
  });

  it("takes the page size of the first document's first page", async () => {
    const sealed = await sealedEnvelope(server, token, { content: await documentOf(500, 700), signers: [signerNumber(1)] });
    const pdf = await PDF.load(sealed);
    const last = pdf.getPage(pdf.getPageCount() - 1)!;
    assert.equal(pdf.getPageCount(), 2);
    assert.deepEqual([Math.round(last.width), Math.round(last.height)], [500, 700]);
  });

  it('keeps every recipient block whole: with many recipients no page holds only a few stray lines', async () => {
    const signers = Array.from({ length: 14 }, (_, i) => signerNumber(i + 1));
    const sealed = await sealedEnvelope(server, token, { content: await documentOf(612, 792), signers });
    const certificatePages = (await pagesText(sealed)).slice(1);
    assert.ok(certificatePages.length > 2, `${certificatePages.length} certificate pages`);
    for (const [index, page] of certificatePages.entries()) {
      const lines = page.split('\n').filter((line) => line.trim());
      assert.ok(lines.length >= 5, `certificate page ${index + 1} holds ${lines.length} lines: ${lines.join(' | ')}`);
    }
    // A block is never split: each signer's heading and their last line are on the same page.
    for (let n = 1; n <= 14; n += 1) {
      const page = certificatePages.find((text) => text.includes(`Signer Number${n} <`));
      assert.ok(page, `Signer Number${n} is listed`);
      const block = page.slice(page.indexOf(`Signer Number${n} <`));
      assert.match(block, /Location:/, `the block of Signer Number${n} ends on its page`);
    }
  });

  it('prints the verification QR code once', async () => {
    const sealed = await sealedEnvelope(server, token, { content: await documentOf(612, 792), signers: [signerNumber(1)], qr: true });
    const text = (await pagesText(sealed)).join('\n');
    // The certificate's QR is under "Verify at: <url>"; the code drawn a second time came with a "Verify at <url>" caption.
    assert.equal(text.match(/Verify at/g)?.length, 1, text);
  });
});
