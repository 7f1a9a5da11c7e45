import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addQrCode } from '../src/infra/pdf/add-qr-code.js';
import { appendPages } from '../src/infra/pdf/append-pages.js';
import { renderCertificate, type CertificateInput } from '../src/infra/pdf/certificate-page.js';
import { sealPdf } from '../src/infra/pdf/seal-pdf.js';
import { loadSigningIdentity, type SigningIdentity } from '../src/infra/pdf/signing-identity.js';
import { stampFields, type FieldStamp } from '../src/infra/pdf/stamp-fields.js';
import { makePdf, makePng } from '../test/support/pdf-fixtures.js';

/** The completion pipeline of API.md §7 timed end to end: stamp, certificate, QR code, PAdES seal. */
const RUNS = 9;
/** The first runs pay for JIT compilation and font parsing, which a long-running server pays once. */
const WARM_UP_RUNS = 3;
const VERIFY_URL = 'http://localhost:3000/verify/env_benchmark';

const stamps = (pages: number): FieldStamp[] =>
  Array.from({ length: 10 }, (_, index) => ({
    page: (index % pages) + 1,
    x: 72,
    y: 100 + (index % 5) * 60,
    width: 200,
    height: 40,
    ...(index % 3 === 0
      ? { kind: 'image' as const, imagePng: makePng(300, 100) }
      : { kind: 'text' as const, text: `Field value ${index}`, font: index % 3 === 1 ? ('handwriting' as const) : ('regular' as const) }),
  }));

const certificate: CertificateInput = {
  envelopeId: 'env_benchmark',
  envelopeName: 'Benchmark envelope',
  createdAt: new Date().toISOString(),
  completedAt: new Date().toISOString(),
  recipients: [1, 2].map((n) => ({
    name: `Signer ${n}`,
    email: `signer${n}@example.test`,
    role: 'signer' as const,
    sentAt: new Date().toISOString(),
    viewedAt: new Date().toISOString(),
    consentedAt: new Date().toISOString(),
    signedAt: new Date().toISOString(),
    declinedAt: null,
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
    location: null,
    signaturePng: makePng(300, 100),
  })),
  documents: [{ name: 'document.pdf', sha256Original: '0'.repeat(64), sha256Sealed: null }],
  ledgerHeadHash: 'f'.repeat(64),
  verificationUrl: VERIFY_URL,
  qrCodeUrl: VERIFY_URL,
};

const complete = async (original: Uint8Array, pages: number, identity: SigningIdentity): Promise<Uint8Array> => {
  const stamped = await stampFields(original, stamps(pages));
  const withCertificate = await appendPages(stamped, await renderCertificate(certificate));
  return sealPdf(await addQrCode(withCertificate, VERIFY_URL), identity);
};

/** RSS once the modules are loaded: under tsx, @libpdf/core alone accounts for ~150 MB of it. */
const baselineRss = process.memoryUsage().rss;

const bench = async (pages: number, identity: SigningIdentity): Promise<void> => {
  const original = await makePdf({ pages, text: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.' });
  for (let run = 0; run < WARM_UP_RUNS; run += 1) await complete(original, pages, identity);
  const timings: number[] = [];
  let peakRss = process.memoryUsage().rss;
  let size = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    size = (await complete(original, pages, identity)).length;
    timings.push(performance.now() - started);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  timings.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: 'seal',
      pages,
      runs: RUNS,
      median_ms: Number((timings[Math.floor(RUNS / 2)] ?? 0).toFixed(1)),
      max_ms: Number((timings.at(-1) ?? 0).toFixed(1)),
      peak_rss_mb: Math.round(peakRss / 1024 / 1024),
      baseline_rss_mb: Math.round(baselineRss / 1024 / 1024),
      output_bytes: size,
    }),
  );
};

const dataDir = await mkdtemp(join(tmpdir(), 'countersign-bench-'));
try {
  const identity = await loadSigningIdentity({ dataDir });
  await bench(10, identity);
  await bench(200, identity);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
