import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { assertError, type ApiResponse } from '../../support/test-server.js';
import { signBody, tokenFor } from '../signing/signing-helpers.js';

const assertDead = (response: ApiResponse, what: string) => {
  assert.equal(response.status, 404, `${what}: ${JSON.stringify(response.body)}`);
  assert.equal(response.body.errors[0].error_code, 'SIGNING_TOKEN_NOT_FOUND', what);
};

describeOnEachDatabase('embedded signing URLs are spent by their first use of any endpoint', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  /** A fresh envelope and an embedded URL for its first signer, as the sender's app gets it. */
  const embedded = async () => {
    const envelope = await createEnvelope(server, token);
    const response = await server.call(
      'GET',
      `/api/v2.0/envelopes/${envelope.envelope_id}/generate_embedded_url/${encodeURIComponent('ada@example.test')}`,
      { token },
    );
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const embeddedToken = new URL(response.body.data.url).pathname.slice('/sign/'.length);
    return { envelope, embeddedToken, documentId: envelope.documents[0]!.document_id };
  };

  const view = (signingToken: string) => server.call('GET', `/api/v2.0/signing/${signingToken}`, { noAppAuthType: true });
  const download = (signingToken: string, documentId: string) =>
    server.call('GET', `/api/v2.0/signing/${signingToken}/documents/${documentId}`, { noAppAuthType: true });
  const sign = (signingToken: string, body: unknown = signBody()) =>
    server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { noAppAuthType: true, body });
  const decline = (signingToken: string) =>
    server.call('POST', `/api/v2.0/signing/${signingToken}/decline`, { noAppAuthType: true, body: { reason: 'Not mine' } });

  it('is spent by a document download: the page view afterwards answers 404 and hands out no session', async () => {
    const { embeddedToken, documentId } = await embedded();
    const first = await download(embeddedToken, documentId);
    assert.equal(first.status, 200);
    assertDead(await view(embeddedToken), 'page view after a download');
    assertDead(await download(embeddedToken, documentId), 'second download');
  });

  it('is spent by signing with it directly: it then opens neither the page (no session) nor a decline', async () => {
    const { embeddedToken } = await embedded();
    assert.equal((await sign(embeddedToken)).status, 200);
    assertDead(await view(embeddedToken), 'page view after signing');
    assertDead(await decline(embeddedToken), 'decline after signing');
  });

  it('is spent by a use that fails: a refused signature leaves it dead', async () => {
    const { embeddedToken } = await embedded();
    const refused = await sign(embeddedToken, { consent: false, signature: { type: 'typed', text: 'Ada' } });
    assertError(refused, 400, 'CONSENT_REQUIRED');
    assertDead(await view(embeddedToken), 'page view after a refused signature');
  });

  it('is spent by a download of a document that does not exist', async () => {
    const { embeddedToken } = await embedded();
    assertError(await download(embeddedToken, 'doc_unknown000000000000'), 404, 'DOCUMENT_NOT_FOUND');
    assertDead(await view(embeddedToken), 'page view after a failed download');
  });

  it('is spent by a decline', async () => {
    const { embeddedToken } = await embedded();
    assert.equal((await decline(embeddedToken)).status, 200);
    assertDead(await view(embeddedToken), 'page view after declining');
  });

  it('cannot be exchanged for a session once its signer signed through the invitation link', async () => {
    const { envelope, embeddedToken } = await embedded();
    const invitation = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
    assert.equal((await sign(invitation)).status, 200);
    const response = await view(embeddedToken);
    assertDead(response, 'exchange after the signature');
    assert.equal(response.body.data, undefined, 'no session token');
  });

  it('is exchanged exactly once when two page views race', async () => {
    const { embeddedToken } = await embedded();
    const views = await Promise.all([view(embeddedToken), view(embeddedToken), view(embeddedToken)]);
    assert.equal(views.filter((response) => response.status === 200).length, 1);
    for (const response of views.filter((r) => r.status !== 200)) assertDead(response, 'a losing page view');
  });

  it('still carries a whole signing through the session token of its first page view', async () => {
    const { embeddedToken, documentId } = await embedded();
    const page = await view(embeddedToken);
    assert.equal(page.status, 200);
    const session = page.body.data.session_token as string;
    assert.match(session, /^cs_st_/);
    assert.equal((await download(session, documentId)).status, 200);
    assert.equal((await view(session)).status, 200);
    assert.equal((await sign(session)).status, 200);
    assertDead(await view(embeddedToken), 'the embedded token, after all that');
  });
});
