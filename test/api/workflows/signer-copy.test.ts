import assert from 'node:assert/strict';
import { beforeEach, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { markCompleted } from '../../support/mark-completed.js';
import { assertError } from '../../support/test-server.js';
import { envelopeRow, signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';

const DAY = 86_400_000;

describeOnEachDatabase('A signer keeps their copy', (server) => {
  let token: string;
  let credentials: unknown;
  beforeEach(async () => {
    const account = await server.newAccount();
    token = account.accessToken;
    credentials = account.credentials;
  });

  /** A fresh access token of the same account, after the clock passed the old one's hour. */
  const logInAgain = async () => {
    token = (await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials } })).body.data.access_token;
  };

  const signing = (signingToken: string, rest = '') =>
    server.call('GET', `/api/v2.0/signing/${signingToken}${rest}`, { noAppAuthType: true });

  /** A signing endpoint's PDF, as bytes. */
  const pdfOf = async (signingToken: string, documentId: string) => {
    const response = await fetch(`${server.url}/api/v2.0/signing/${signingToken}/documents/${documentId}`);
    assert.equal(response.status, 200, await response.clone().text());
    return new Uint8Array(await response.arrayBuffer());
  };

  const setCopyDays = (days: unknown) => server.call('PUT', '/api/v2.0/account/settings', { token, body: { signer_copy_days: days } });

  /** A Completed envelope with its sealed copies, and the first signer's link. */
  const completed = async () => {
    const envelope = await createEnvelope(server, token);
    const signingToken = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
    const copies = await markCompleted(server, envelope.envelope_id);
    return { envelopeId: envelope.envelope_id, documentId: envelope.documents[0]!.document_id, signingToken, ...copies };
  };

  it('shows the signer the completed envelope through their link, serves the sealed PDF and the certificate, and signs nothing more', async () => {
    const envelope = await createEnvelope(server, token);
    const [ada, grace] = envelope.recipients.signers;
    const adaToken = await tokenFor(server, envelope.envelope_id, ada!.recipient_id);
    const graceToken = await tokenFor(server, envelope.envelope_id, grace!.recipient_id);
    for (const signingToken of [adaToken, graceToken]) {
      const signed = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { noAppAuthType: true, body: signBody() });
      assert.equal(signed.status, 200, JSON.stringify(signed.body));
    }
    assert.equal((await waitForCompletion(server, envelope.envelope_id)).status, 'Completed');

    const view = await signing(adaToken);
    assert.equal(view.status, 200, JSON.stringify(view.body));
    assert.equal(view.body.data.envelope.status, 'Completed');
    const documentId = envelope.documents[0]!.document_id;
    const stored = await server.service.ctx.db
      .selectFrom('documents')
      .select(['sealed_sha256', 'sha256'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    assert.ok(stored.sealed_sha256);
    assert.deepEqual(await pdfOf(adaToken, documentId), await server.service.ctx.blobs.get(stored.sealed_sha256!), 'the sealed bytes');
    const certificate = await server.service.ctx.db
      .selectFrom('documents')
      .select('sha256')
      .where('envelope_id', '=', envelope.envelope_id)
      .where('position', '=', 0)
      .executeTakeFirstOrThrow();
    assert.deepEqual(await pdfOf(graceToken, 'certificate'), await server.service.ctx.blobs.get(certificate.sha256));
    assertError(
      await server.call('POST', `/api/v2.0/signing/${adaToken}/sign`, { noAppAuthType: true, body: signBody() }),
      409,
      'ENVELOPE_NOT_ACTIVE',
    );
  });

  it('keeps the copy signer_copy_days (30 by default) after completion, then answers 410 SIGNER_COPY_EXPIRED on the view and every document', async () => {
    assert.equal((await server.call('GET', '/api/v2.0/account/settings', { token })).body.data.signer_copy_days, 30);
    const { signingToken, documentId, sealed, certificate } = await completed();
    assert.deepEqual(await pdfOf(signingToken, documentId), sealed.get(documentId));
    assert.deepEqual(await pdfOf(signingToken, 'certificate'), certificate);
    server.clock.advance(30 * DAY - 1000);
    assert.equal((await signing(signingToken)).status, 200, 'still inside the 30 days');
    server.clock.advance(1000);
    for (const rest of ['', `/documents/${documentId}`, '/documents/certificate']) {
      const expired = assertError(await signing(signingToken, rest), 410, 'SIGNER_COPY_EXPIRED');
      assert.match(expired.developer_message, /30 days/);
    }
  });

  it('takes signer_copy_days from the account settings (1–3650), applied at once to envelopes completed before', async () => {
    const { signingToken } = await completed();
    const shortened = await setCopyDays(2);
    assert.equal(shortened.status, 200, JSON.stringify(shortened.body));
    assert.equal(shortened.body.data.signer_copy_days, 2);
    assert.equal((await server.call('GET', '/api/v2.0/account/settings', { token })).body.data.signer_copy_days, 2);
    server.clock.advance(2 * DAY);
    assertError(await signing(signingToken), 410, 'SIGNER_COPY_EXPIRED');
    await logInAgain();
    assert.equal((await setCopyDays(3650)).status, 200);
    assert.equal((await signing(signingToken)).status, 200, 'a longer window opens the copy again');
    for (const refused of [0, 3651, 'thirty', 1.5]) assert.equal((await setCopyDays(refused)).status, 400, String(refused));
    assert.equal((await server.call('GET', '/api/v2.0/account/settings', { token })).body.data.signer_copy_days, 3650);
    assert.equal((await setCopyDays(30)).status, 200);
  });

  it('answers 410 DOCUMENT_REMOVED for documents purged after delivery (remove_signed_envelope), while the view still shows the envelope', async () => {
    const { envelopeId, signingToken, documentId } = await completed();
    await server.service.ctx.db
      .updateTable('envelopes')
      .set({ documents_removed_at: server.clock.now().toISOString() })
      .where('id', '=', envelopeId)
      .execute();
    assert.equal((await signing(signingToken)).status, 200);
    assertError(await signing(signingToken, `/documents/${documentId}`), 410, 'DOCUMENT_REMOVED');
    assertError(await signing(signingToken, '/documents/certificate'), 410, 'DOCUMENT_REMOVED');
  });

  it('answers 404 SIGNING_TOKEN_NOT_FOUND once the completed envelope is deleted', async () => {
    const { envelopeId, signingToken, documentId } = await completed();
    assert.equal((await server.call('POST', `/api/v2.0/envelopes/${envelopeId}/delete`, { token })).status, 200);
    for (const rest of ['', `/documents/${documentId}`, '/documents/certificate'])
      assertError(await signing(signingToken, rest), 404, 'SIGNING_TOKEN_NOT_FOUND');
  });

  it('gives an embedded link nothing after completion: it lives only while its signer is on turn', async () => {
    const envelope = await createEnvelope(server, token);
    const embedded = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id, 'embedded');
    await markCompleted(server, envelope.envelope_id);
    assert.equal((await envelopeRow(server, envelope.envelope_id)).status, 'Completed');
    assert.equal((await signing(embedded)).status >= 400, true);
  });
});
