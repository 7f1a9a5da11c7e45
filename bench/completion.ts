// Time from the last signer's POST …/sign to the envelope reading Completed (sealed PDF stored),
// for a 10-page document, through the real server and its job worker (API.md §7; issue target ≤ 1 s).
import { performance } from 'node:perf_hooks';
import { issueSigningToken } from '../src/app/signing/signing-tokens.js';
import { envelopeRequest, pdfBase64 } from '../test/support/envelopes.js';
import { makePng } from '../test/support/pdf-fixtures.js';
import { startTestServer } from '../test/support/test-server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const database = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

const server = await startTestServer(database, { PLAN_QUOTAS: 'starter=unlimited' });
const account = await server.newAccount();
const signature = { type: 'drawn', image_png_base64: Buffer.from(makePng(120, 40)).toString('base64') };
const content = await pdfBase64(10, 'Agreement page');
const timings: number[] = [];

try {
  for (let run = 0; run < RUNS; run++) {
    const signers = [1, 2].map((n) => ({
      name: `Signer ${n}`,
      email: `signer${n}@example.test`,
      fields: [
        { type: 'signature', page: n * 5, x: 72, y: 600, width: 160, height: 40 },
        { type: 'date_signed', page: 10, x: 72, y: 500 + n * 30, width: 120, height: 20 },
      ],
    }));
    const body = await envelopeRequest({ signers, envelope: { append_verification_qr_code: true } });
    body.documents = [{ name: 'agreement.pdf', content_base64: content }];
    const created = await server.call('POST', '/api/v2.0/envelopes/create', { token: account.accessToken, body });
    if (created.status !== 201) throw new Error(`create failed: ${JSON.stringify(created.body)}`);
    const envelope = created.body.data as { envelope_id: string; recipients: { signers: { recipient_id: string }[] } };
    const [first, last] = envelope.recipients.signers;
    const tokenOf = (recipientId: string) =>
      server.service.ctx.db
        .transaction()
        .execute((trx) => issueSigningToken(server.service.ctx, trx, { id: recipientId, envelopeId: envelope.envelope_id }, 'invitation'));
    const sign = async (recipientId: string) =>
      server.call('POST', `/api/v2.0/signing/${await tokenOf(recipientId)}/sign`, { body: { consent: true, signature } });
    await sign(first!.recipient_id);
    await server.service.worker.drain();

    const lastToken = await tokenOf(last!.recipient_id);
    const started = performance.now();
    const response = await server.call('POST', `/api/v2.0/signing/${lastToken}/sign`, { body: { consent: true, signature } });
    if (response.status !== 200) throw new Error(`sign failed: ${JSON.stringify(response.body)}`);
    for (;;) {
      const row = await server.service.ctx.db
        .selectFrom('envelopes')
        .select('status')
        .where('id', '=', envelope.envelope_id)
        .executeTakeFirstOrThrow();
      if (row.status === 'Completed') break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    timings.push(performance.now() - started);
  }
  const sorted = [...timings].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: 'last signature → Completed',
      database,
      pages: 10,
      runs: RUNS,
      median_ms: Math.round(sorted[Math.floor(RUNS / 2)]!),
      max_ms: Math.round(sorted.at(-1)!),
      first_ms: Math.round(timings[0]!),
    }),
  );
} finally {
  await server.close();
}
