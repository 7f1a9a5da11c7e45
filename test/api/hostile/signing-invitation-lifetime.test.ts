import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { markCompleted, pastDue } from '../../support/mark-completed.js';
import type { ApiResponse } from '../../support/test-server.js';
import { signBody, tokenFor } from '../signing/signing-helpers.js';

describeOnEachDatabase('invitation links live exactly as long as the envelope is open', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  /** An envelope and an invitation token of its first signer, issued while it was open. */
  const invited = async () => {
    const envelope = await createEnvelope(server, token);
    const signingToken = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
    const other = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[1]!.recipient_id);
    return { envelopeId: envelope.envelope_id, documentId: envelope.documents[0]!.document_id, signingToken, other };
  };

  /** Every signing endpoint the link opens. */
  const everyUse = (signingToken: string, documentId: string): Promise<ApiResponse>[] => [
    server.call('GET', `/api/v2.0/signing/${signingToken}`, { noAppAuthType: true }),
    server.call('GET', `/api/v2.0/signing/${signingToken}/documents/${documentId}`, { noAppAuthType: true }),
    server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { noAppAuthType: true, body: signBody() }),
    server.call('POST', `/api/v2.0/signing/${signingToken}/decline`, { noAppAuthType: true, body: { reason: 'Too late' } }),
  ];

  const assertRefused = async (signingToken: string, documentId: string, status: number, code: string, named?: string) => {
    for (const response of await Promise.all(everyUse(signingToken, documentId))) {
      assert.equal(response.status, status, JSON.stringify(response.body));
      assert.equal(response.body.errors[0].error_code, code);
      if (named) assert.match(response.body.errors[0].developer_message, new RegExp(named));
    }
  };

  it('answers 409 ENVELOPE_NOT_ACTIVE on every endpoint once the envelope was cancelled', async () => {
    const { envelopeId, documentId, signingToken } = await invited();
    const cancel = await server.call('POST', `/api/v2.0/envelopes/${envelopeId}/cancel`, { token, body: { cancel_reason: 'Wrong terms' } });
    assert.equal(cancel.status, 200, JSON.stringify(cancel.body));
    await assertRefused(signingToken, documentId, 409, 'ENVELOPE_NOT_ACTIVE', 'Cancelled');
  });

  it('answers 409 ENVELOPE_NOT_ACTIVE on every endpoint from the due instant on, before the expiry job has run', async () => {
    const { envelopeId, documentId, signingToken } = await invited();
    await pastDue(server, envelopeId);
    await assertRefused(signingToken, documentId, 409, 'ENVELOPE_NOT_ACTIVE', 'Expired');
  });

  it('answers 409 ENVELOPE_NOT_ACTIVE on every endpoint once another signer declined', async () => {
    const { documentId, signingToken, other } = await invited();
    const declined = await server.call('POST', `/api/v2.0/signing/${other}/decline`, { noAppAuthType: true, body: { reason: 'No' } });
    assert.equal(declined.status, 200);
    await assertRefused(signingToken, documentId, 409, 'ENVELOPE_NOT_ACTIVE', 'Declined');
  });

  it("keeps a Completed envelope readable (the signer's copy) and answers 409 ENVELOPE_NOT_ACTIVE to signing or declining it", async () => {
    const { envelopeId, documentId, signingToken } = await invited();
    const { sealed } = await markCompleted(server, envelopeId);
    const [view, document, sign, decline] = await Promise.all(everyUse(signingToken, documentId));
    assert.equal(view!.status, 200, JSON.stringify(view!.body));
    assert.equal(view!.body.data.envelope.status, 'Completed');
    assert.equal(document!.status, 200);
    assert.deepEqual(new Uint8Array(Buffer.from(document!.body, 'latin1')).length > 0, true);
    assert.ok(sealed.has(documentId));
    for (const refused of [sign!, decline!]) {
      assert.equal(refused.status, 409, JSON.stringify(refused.body));
      assert.equal(refused.body.errors[0].error_code, 'ENVELOPE_NOT_ACTIVE');
      assert.match(refused.body.errors[0].developer_message, /Completed/);
    }
  });

  it('answers 404 SIGNING_TOKEN_NOT_FOUND on every endpoint once the envelope is deleted', async () => {
    const { envelopeId, documentId, signingToken } = await invited();
    await markCompleted(server, envelopeId);
    const deleted = await server.call('POST', `/api/v2.0/envelopes/${envelopeId}/delete`, { token });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    await assertRefused(signingToken, documentId, 404, 'SIGNING_TOKEN_NOT_FOUND');
  });
});
