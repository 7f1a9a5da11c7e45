import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, envelopeRequest } from '../../support/envelopes.js';
import { whilePolled } from '../../support/liveness-poller.js';
import { markCompleted } from '../../support/mark-completed.js';
import { multiStreamPdf, objectStreamBomb, pageContentBomb } from '../../support/pdf-bombs.js';
import type { ApiResponse } from '../../support/test-server.js';

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

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

  it('answers 400 PDF_TOO_COMPLEX to POST /envelopes/create with five content streams of 60 MiB, four of them behind ASCIIHex and ASCII85, past the 256 MiB per document', async (t) => {
    const body = await envelopeRequest();
    body.documents[0]!.content_base64 = base64(
      multiStreamPdf([
        { zeroMib: 60 },
        { zeroMib: 60, wrappedIn: 'ASCIIHexDecode' },
        { zeroMib: 60, wrappedIn: 'ASCII85Decode' },
        { zeroMib: 60, wrappedIn: 'ASCIIHexDecode' },
        { zeroMib: 60, wrappedIn: 'ASCII85Decode' },
      ]),
    );
    const response = await whilePolled(t, server, 'five 60 MiB streams behind ASCII encodings on create', () =>
      server.call('POST', '/api/v2.0/envelopes/create', { token, body }),
    );
    assert.equal(response.status, 400, JSON.stringify(response.body));
    const refusal = 'The PDF document is too complex to process: its compressed streams inflate to more than 256 MiB.';
    assert.deepEqual(response.body, { message: refusal, errors: [{ error_code: 'PDF_TOO_COMPLEX', developer_message: refusal }] });
  });
});
