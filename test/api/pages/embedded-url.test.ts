import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sha256Hex } from '../../../src/infra/hash.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';

describeOnEachDatabase('GET /envelopes/{id}/generate_embedded_url/{signerEmail}', (server) => {
  let token: string;

  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const embeddedUrl = (envelopeId: string, email: string, as = token) =>
    server.call('GET', `/api/v2.0/envelopes/${envelopeId}/generate_embedded_url/${encodeURIComponent(email)}`, { token: as });

  it('issues a single-use embedded signing URL valid for 10 minutes', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const response = await embeddedUrl(envelope_id, 'ada@example.test');
    assert.equal(response.status, 200);
    const { url, expires_at } = response.body.data;
    const parsed = new URL(url);
    assert.ok(url.startsWith(`${server.service.ctx.config.publicUrl}/sign/`), url);
    assert.match(parsed.pathname, /^\/sign\/cs_st_[\w-]+$/);
    assert.equal(parsed.searchParams.get('embed'), '1');
    assert.equal(expires_at, new Date(server.clock.now().getTime() + 600_000).toISOString());

    const stored = await server.service.ctx.db
      .selectFrom('signing_tokens')
      .selectAll()
      .where('token_hash', '=', sha256Hex(parsed.pathname.slice('/sign/'.length)))
      .executeTakeFirstOrThrow();
    assert.equal(stored.kind, 'embedded');
    assert.equal(stored.expires_at, expires_at);
    assert.equal(stored.used_at, null);
  });

  it('matches the signer e-mail case-insensitively and issues a new token every time', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const first = await embeddedUrl(envelope_id, 'ADA@Example.test');
    const second = await embeddedUrl(envelope_id, 'ada@example.test');
    assert.equal(first.status, 200);
    assert.notEqual(first.body.data.url, second.body.data.url);
  });

  it("answers 409 SIGNER_NOT_ACTIVE when it is not the signer's turn", async () => {
    const { envelope_id } = await createEnvelope(server, token, { flow: 'Sequential' });
    const response = await embeddedUrl(envelope_id, 'grace@example.test');
    assert.equal(response.status, 409);
    assert.equal(response.body.errors[0].error_code, 'SIGNER_NOT_ACTIVE');
  });

  it('answers 409 ENVELOPE_NOT_ACTIVE once the due date has passed (Expired) or the envelope was cancelled', async () => {
    const expired = await createEnvelope(server, token);
    const cancelled = await createEnvelope(server, token);
    const db = server.service.ctx.db;
    await db
      .updateTable('envelopes')
      .set({ signing_due_date: new Date(server.clock.now().getTime() - 1000).toISOString() })
      .where('id', '=', expired.envelope_id)
      .execute();
    await db.updateTable('envelopes').set({ status: 'Cancelled' }).where('id', '=', cancelled.envelope_id).execute();
    for (const envelopeId of [expired.envelope_id, cancelled.envelope_id]) {
      const response = await embeddedUrl(envelopeId, 'ada@example.test');
      assert.equal(response.status, 409);
      assert.equal(response.body.errors[0].error_code, 'ENVELOPE_NOT_ACTIVE');
    }
  });

  it('answers 404 SIGNER_NOT_FOUND for an e-mail that is not a signer (observers included)', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    for (const email of ['nobody@example.test', 'alan@example.test']) {
      const response = await embeddedUrl(envelope_id, email);
      assert.equal(response.status, 404);
      assert.equal(response.body.errors[0].error_code, 'SIGNER_NOT_FOUND');
    }
  });

  it("answers 404 ENVELOPE_NOT_FOUND for another account's envelope and for an unknown one", async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const other = await server.newAccount();
    for (const response of [
      await embeddedUrl(envelope_id, 'ada@example.test', other.accessToken),
      await embeddedUrl('env_unknown000000000000', 'ada@example.test'),
    ]) {
      assert.equal(response.status, 404);
      assert.equal(response.body.errors[0].error_code, 'ENVELOPE_NOT_FOUND');
    }
  });

  it('answers 400 INVALID_FIELD for a signer e-mail that is not an e-mail address, and 401 INVALID_ACCESS_TOKEN without a token', async () => {
    const { envelope_id } = await createEnvelope(server, token);
    const bad = await embeddedUrl(envelope_id, 'not-an-email');
    assert.equal(assertError(bad, 400, 'INVALID_FIELD').field, 'params.signerEmail');
    const anonymous = await server.call('GET', `/api/v2.0/envelopes/${envelope_id}/generate_embedded_url/ada@example.test`);
    assertError(anonymous, 401, 'INVALID_ACCESS_TOKEN');
  });
});
