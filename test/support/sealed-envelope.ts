import assert from 'node:assert/strict';
import { signBody, tokenFor, waitForCompletion } from '../api/signing/signing-helpers.js';
import { createEnvelope } from './envelopes.js';
import type { TestServer } from './test-server.js';

/** A completed envelope's first sealed document, as its sender downloads it, and the root the service publishes. */
export const sealedEnvelopePdf = async (server: TestServer): Promise<{ sealed: Buffer; rootPem: string }> => {
  const token = (await server.newAccount()).accessToken;
  const envelope = await createEnvelope(server, token);
  for (const signer of envelope.recipients.signers) {
    const signingToken = await tokenFor(server, envelope.envelope_id, signer.recipient_id);
    await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() });
  }
  assert.equal((await waitForCompletion(server, envelope.envelope_id)).status, 'Completed');
  const document = await server.service.ctx.db
    .selectFrom('documents')
    .selectAll()
    .where('envelope_id', '=', envelope.envelope_id)
    .where('position', '=', 1)
    .executeTakeFirstOrThrow();
  const sealed = await server.service.ctx.blobs.get(document.sealed_sha256!);
  assert.ok(sealed, 'the sealed document is stored');
  const trust = await server.call('GET', '/api/v2.0/ledger/trust', { noAppAuthType: true });
  assert.equal(trust.status, 200);
  // More activity after sealing, so that the current tree head is larger than the sealed one.
  await createEnvelope(server, token);
  await server.service.worker.drain();
  return { sealed: Buffer.from(sealed), rootPem: trust.body.data.root_certificate_pem };
};

/** The file with one bit flipped in the middle of the original document's bytes, which the seal covers. */
export const withFlippedByte = (pdf: Uint8Array): Buffer => {
  const firstLength = /\/ByteRange\s*\[\s*\d+\s+(\d+)/.exec(Buffer.from(pdf).toString('latin1'))?.[1];
  assert.ok(firstLength, 'the file has a /ByteRange');
  const flipped = Buffer.from(pdf);
  const at = Math.floor(Number(firstLength) / 2);
  flipped[at] = flipped[at]! ^ 0x01;
  return flipped;
};
