import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { signBody, tokenFor, waitForCompletion } from '../api/signing/signing-helpers.js';
import type { TestServer } from './test-server.js';

/** Helpers of the conversion tests (test/api/documents-in): create an envelope of one document, read it back, complete it. */

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A create request of one document and one signer with a signature field near its first page's top-left corner. */
export const oneDocumentRequest = (name: string, bytes: Uint8Array) => ({
  envelope: { name: `Converted ${name}` },
  documents: [{ name, content_base64: Buffer.from(bytes).toString('base64') }],
  recipients: {
    signers: [
      {
        name: 'Ada Lovelace',
        email: 'ada@example.test',
        fields: [{ type: 'signature', page: 1, x: 72, y: 72, width: 160, height: 40 }],
      },
    ],
  },
});

/** The PDF bytes of a download with `Accept: application/pdf` (the signed copy once completed, unless `signed_only=false`). */
export const downloadPdf = async (server: TestServer, token: string, envelopeId: string, documentId: string, signedOnly = true) => {
  const response = await fetch(`${server.url}/api/v2.0/envelopes/${envelopeId}/${documentId}/download?signed_only=${signedOnly}`, {
    headers: { authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2', accept: 'application/pdf' },
  });
  assert.equal(response.status, 200, await response.clone().text());
  assert.match(response.headers.get('content-type') ?? '', /^application\/pdf/);
  const bytes = new Uint8Array(await response.arrayBuffer());
  assert.equal(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), '%PDF-');
  return bytes;
};

/** Every signer of the envelope signs; the envelope is then sealed. */
export const completeEnvelope = async (server: TestServer, envelopeId: string, recipientIds: readonly string[]) => {
  for (const recipientId of recipientIds) {
    const signingToken = await tokenFor(server, envelopeId, recipientId);
    const signed = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() });
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
  }
  assert.equal((await waitForCompletion(server, envelopeId, 60_000)).status, 'Completed');
};
