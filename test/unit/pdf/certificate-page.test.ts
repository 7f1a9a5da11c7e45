import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PDF } from '@libpdf/core';
import { appendPages } from '../../../src/infra/pdf/append-pages.js';
import { renderCertificate, type CertificateInput, type CertificateRecipient } from '../../../src/infra/pdf/certificate-page.js';
import { makePdf, makePng } from '../../support/pdf-fixtures.js';
import { inkBox, pdfText, pdfWords } from './poppler.js';

const LONG_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0 ExtraLongTokenWithoutAnySpacesAtAllThatMustStillWrapInsideThePageMargins';

const signer = (overrides: Partial<CertificateRecipient> = {}): CertificateRecipient => ({
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  role: 'signer',
  language: 'en',
  sentAt: '2026-11-20T09:00:00.000Z',
  viewedAt: '2026-11-20T09:05:00.000Z',
  consentedAt: '2026-11-20T09:06:00.000Z',
  signedAt: '2026-11-20T09:07:00.000Z',
  declinedAt: null,
  ipAddress: '203.0.113.7',
  userAgent: LONG_USER_AGENT,
  location: { latitude: 51.5072, longitude: -0.1276 },
  signaturePng: makePng(240, 80),
  ...overrides,
});

const input = (overrides: Partial<CertificateInput> = {}): CertificateInput => ({
  envelopeId: 'env_3kTq9vXb2LmN8pQr',
  envelopeName: 'Consulting agreement',
  createdAt: '2026-11-20T08:00:00.000Z',
  completedAt: '2026-11-20T10:00:00.000Z',
  recipients: [
    signer(),
    signer({ name: 'Charles Babbage', email: 'charles@example.test', signaturePng: null, location: null }),
    signer({ name: 'Observer Olga', email: 'olga@example.test', role: 'observer', signedAt: null, consentedAt: null, signaturePng: null }),
  ],
  documents: [
    { name: 'agreement.pdf', sha256Original: 'a'.repeat(64), sha256Sealed: 'b'.repeat(64) },
    { name: 'annex.pdf', sha256Original: 'c'.repeat(64), sha256Sealed: null },
  ],
  ledgerHeadHash: 'd'.repeat(64),
  verificationUrl: 'https://sign.example.test/verify/env_3kTq9vXb2LmN8pQr',
  ...overrides,
});

/** pdftotext breaks wrapped values over lines; join everything to look for whole values. */
const squashed = (text: string) => text.replace(/\s+/g, '');

describe('renderCertificate', () => {
  it('titles the certificate and lists the envelope, every recipient, every document, the ledger head and the URL', async () => {
    const certificate = await renderCertificate(input());
    const text = await pdfText(certificate);
    const flat = squashed(text);
    assert.match(text, /Certificate of Completion/);
    for (const expected of [
      'Consulting agreement',
      'env_3kTq9vXb2LmN8pQr',
      '20 November 2026, 08:00:00 UTC',
      '20 November 2026, 10:00:00 UTC',
      'Ada Lovelace',
      'ada@example.test',
      'Charles Babbage',
      'Observer Olga',
      'Observer',
      '203.0.113.7',
      '20 November 2026, 09:06:00 UTC',
      '51.50720, -0.12760',
      'agreement.pdf',
      'annex.pdf',
      'a'.repeat(64),
      'b'.repeat(64),
      'c'.repeat(64),
      'd'.repeat(64),
      'https://sign.example.test/verify/env_3kTq9vXb2LmN8pQr',
      LONG_USER_AGENT,
    ]) {
      assert.ok(flat.includes(squashed(expected)), `the certificate shows ${expected}`);
    }
  });

  it('wraps long values inside the page instead of letting them overflow', async () => {
    const certificate = await renderCertificate(input());
    const pdf = await PDF.load(certificate);
    const width = pdf.getPage(0)?.width ?? 0;
    const words = await pdfWords(certificate);
    assert.ok(words.length > 0);
    for (const word of words) assert.ok(word.xMax <= width - 40, `"${word.text}" ends at ${word.xMax} of ${width}`);
  });

  it('continues on further pages when the recipients do not fit on one', async () => {
    const recipients = Array.from({ length: 12 }, (_, index) =>
      signer({ name: `Signer Number${index + 1}`, email: `s${index + 1}@example.test` }),
    );
    const certificate = await renderCertificate(input({ recipients }));
    const pdf = await PDF.load(certificate);
    assert.ok(pdf.getPageCount() > 1);
    const text = await pdfText(certificate);
    assert.match(text, /Signer Number1\b/);
    assert.match(text, /Signer Number12\b/);
    assert.match(text, /https:\/\/sign\.example\.test\/verify/);
  });

  it('draws the adopted signature images', async () => {
    const withImage = await renderCertificate(input({ recipients: [signer()] }));
    const withoutImage = await renderCertificate(input({ recipients: [signer({ signaturePng: null })] }));
    assert.match(Buffer.from(withImage).toString('latin1'), /\/Subtype\s*\/Image/);
    assert.doesNotMatch(Buffer.from(withoutImage).toString('latin1'), /\/Subtype\s*\/Image/);
  });

  it('prints a QR code only when qrCodeUrl is set', async () => {
    const url = 'https://sign.example.test/verify/env_3kTq9vXb2LmN8pQr';
    const recipients = [signer({ signaturePng: null })];
    const withQr = await renderCertificate(input({ recipients, qrCodeUrl: url }));
    const withoutQr = await renderCertificate(input({ recipients }));
    const lastInkWith = await inkBox(withQr, 1);
    const lastInkWithout = await inkBox(withoutQr, 1);
    assert.ok(lastInkWith && lastInkWithout);
    assert.ok(lastInkWith.yMax - lastInkWithout.yMax >= 80, 'the QR code adds a block of ink under the URL');
  });
});

describe('appendPages', () => {
  it('appends the certificate pages after the document pages', async () => {
    const document = await makePdf({ pages: 2, text: 'Agreement body' });
    const certificate = await renderCertificate(input());
    const combined = await appendPages(document, certificate);
    const pdf = await PDF.load(combined);
    const certificatePages = (await PDF.load(certificate)).getPageCount();
    assert.equal(pdf.getPageCount(), 2 + certificatePages);
    const pages = (await pdfText(combined)).split('\f');
    assert.match(pages[0] ?? '', /Agreement body/);
    assert.match(pages[2] ?? '', /Certificate of Completion/);
  });
});
