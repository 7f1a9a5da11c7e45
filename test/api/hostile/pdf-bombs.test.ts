import assert from 'node:assert/strict';
import { before, it, type TestContext } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, envelopeRequest } from '../../support/envelopes.js';
import { pollLiveness } from '../../support/liveness-poller.js';
import { markCompleted } from '../../support/mark-completed.js';
import { objectStreamBomb, pageContentBomb } from '../../support/pdf-bombs.js';
import type { ApiResponse, TestServer } from '../../support/test-server.js';

/** Issue 8: other requests keep answering within 1 s while a hostile document is processed. */
const LIVENESS_BOUND_MS = 1000;

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** Sends the hostile request while /healthz is polled; asserts the service stayed responsive and alive. */
const whilePolled = async (t: TestContext, server: TestServer, label: string, send: () => Promise<ApiResponse>): Promise<ApiResponse> => {
  const poller = pollLiveness(server.url);
  const started = performance.now();
  const response = await send();
  const elapsedMs = performance.now() - started;
  const { maxLatencyMs, polls, alive } = await poller.stop();
  t.diagnostic(
    `${server.database}: ${label}: answered ${response.status} in ${elapsedMs.toFixed(0)} ms; /healthz max ${maxLatencyMs.toFixed(0)} ms over ${polls} polls`,
  );
  assert.ok(alive, 'every /healthz poll was answered');
  assert.ok(maxLatencyMs < LIVENESS_BOUND_MS, `/healthz took ${maxLatencyMs.toFixed(0)} ms`);
  assert.equal((await server.call('GET', '/healthz', { noAppAuthType: true })).status, 200);
  return response;
};

const assertTooComplex = (response: ApiResponse) => {
  assert.equal(response.status, 400, JSON.stringify(response.body));
  assert.deepEqual(
    response.body.errors.map((e: { error_code: string }) => e.error_code),
    ['PDF_TOO_COMPLEX'],
  );
};

describeOnEachDatabase('PDF decompression bombs', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  it('answers 400 PDF_TOO_COMPLEX to POST /envelopes/create with an object stream that inflates to 1 GiB, /healthz staying under 1 s', async (t) => {
    const body = await envelopeRequest();
    body.documents[0]!.content_base64 = base64(objectStreamBomb(1024));
    const response = await whilePolled(t, server, 'object-stream bomb (1 GiB) on create', () =>
      server.call('POST', '/api/v2.0/envelopes/create', { token, body }),
    );
    assertTooComplex(response);
  });

  it('answers 400 PDF_TOO_COMPLEX to the unauthenticated POST /verify/{id}/check with the same bomb, /healthz staying under 1 s', async (t) => {
    const { envelope_id } = await createEnvelope(server, token);
    await markCompleted(server, envelope_id);
    const bomb = objectStreamBomb(1024);
    const response = await whilePolled(t, server, 'object-stream bomb (1 GiB) on verify upload', () =>
      server.call('POST', `/verify/${envelope_id}/check`, {
        noAppAuthType: true,
        rawBody: new Blob([Buffer.from(bomb)]),
        headers: { 'content-type': 'application/pdf' },
      }),
    );
    assertTooComplex(response);
  });

  it('answers 400 PDF_TOO_COMPLEX to a page whose content inflates to 2 GiB, with an anchor field, /healthz staying under 1 s', async (t) => {
    const body = await envelopeRequest({
      signers: [{ name: 'Ada Lovelace', email: 'ada@example.test', fields: [{ type: 'signature', anchor: { text: 'SIGNHERE' } }] }],
    });
    body.documents[0]!.content_base64 = base64(pageContentBomb('SIGNHERE', 2048));
    const response = await whilePolled(t, server, 'page-content bomb (2 GiB) with an anchor on create', () =>
      server.call('POST', '/api/v2.0/envelopes/create', { token, body }),
    );
    assertTooComplex(response);
  });
});
