import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { markCompleted } from '../../support/mark-completed.js';

describeOnEachDatabase('GET /envelopes/{envelopeId}/{documentId}/download (docs/concepts/envelopes.md)', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });
  after(() => server.service.worker.drain());

  const download = (envelopeId: string, documentId: string, options: { query?: string; as?: string; accept?: string } = {}) =>
    server.call('GET', `/api/v2.0/envelopes/${envelopeId}/${documentId}/download${options.query ?? ''}`, {
      token: options.as ?? token,
      ...(options.accept ? { headers: { accept: options.accept } } : {}),
    });
  const expectError = (response: { status: number; body: { errors: { error_code: string }[] } }, status: number, code: string) => {
    assert.equal(response.status, status);
    assert.equal(response.body.errors[0]!.error_code, code);
  };

  it('refuses the signed copy of an envelope that is not Completed with 409 ENVELOPE_NOT_COMPLETED', async () => {
    const created = await createEnvelope(server, token);
    const documentId = created.documents[0]!.document_id;
    expectError(await download(created.envelope_id, documentId), 409, 'ENVELOPE_NOT_COMPLETED');
    expectError(await download(created.envelope_id, documentId, { query: '?signed_only=true' }), 409, 'ENVELOPE_NOT_COMPLETED');
  });

  it('returns the original with signed_only=false before completion, as JSON with base64 content', async () => {
    const created = await createEnvelope(server, token);
    const documentId = created.documents[0]!.document_id;
    const response = await download(created.envelope_id, documentId, { query: '?signed_only=false' });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.data, {
      envelope_id: created.envelope_id,
      name: 'Sales agreement',
      document_id: documentId,
      document_name: 'agreement.pdf',
      signed: false,
      content_base64: response.body.data.content_base64,
    });
    const bytes = Buffer.from(response.body.data.content_base64, 'base64');
    assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
    const details = (await server.call('GET', `/api/v2.0/envelopes/${created.envelope_id}/details`, { token })).body.data;
    assert.equal(createHash('sha256').update(bytes).digest('hex'), details.documents[0].sha256);
  });

  it('returns the sealed copy of a Completed envelope, by default and with signed_only=false', async () => {
    const created = await createEnvelope(server, token);
    const documentId = created.documents[0]!.document_id;
    const { sealed } = await markCompleted(server, created.envelope_id);
    for (const query of ['', '?signed_only=false']) {
      const { data } = (await download(created.envelope_id, documentId, { query })).body;
      assert.equal(data.signed, true);
      assert.deepEqual(Buffer.from(data.content_base64, 'base64'), Buffer.from(sealed.get(documentId)!));
    }
  });

  it('returns the raw PDF with Accept: application/pdf, with a Content-Disposition filename', async () => {
    const created = await createEnvelope(server, token);
    const documentId = created.documents[0]!.document_id;
    const { sealed } = await markCompleted(server, created.envelope_id);
    const response = await fetch(`${server.url}/api/v2.0/envelopes/${created.envelope_id}/${documentId}/download`, {
      headers: { authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2', accept: 'application/pdf' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.match(response.headers.get('content-disposition') ?? '', /^attachment; filename="agreement\.pdf"/);
    assert.deepEqual(Buffer.from(await response.arrayBuffer()), Buffer.from(sealed.get(documentId)!));
  });

  it('returns the certificate of completion as document "certificate" once Completed, and 409 before', async () => {
    const created = await createEnvelope(server, token);
    expectError(await download(created.envelope_id, 'certificate'), 409, 'ENVELOPE_NOT_COMPLETED');
    expectError(await download(created.envelope_id, 'certificate', { query: '?signed_only=false' }), 409, 'ENVELOPE_NOT_COMPLETED');
    const { certificate } = await markCompleted(server, created.envelope_id);
    const { data } = (await download(created.envelope_id, 'certificate')).body;
    assert.equal(data.signed, true);
    assert.equal(data.document_name, 'Certificate of completion.pdf');
    assert.deepEqual(Buffer.from(data.content_base64, 'base64'), Buffer.from(certificate));
  });

  it('records every download in the ledger as DOCUMENT_DOWNLOADED', async () => {
    const created = await createEnvelope(server, token);
    assert.equal((await download(created.envelope_id, created.documents[0]!.document_id, { query: '?signed_only=false' })).status, 200);
    const { entries } = (await server.call('GET', `/api/v2.0/envelopes/${created.envelope_id}/audit_logs`, { token })).body.data;
    const downloads = entries.filter((e: { activity_type: string }) => e.activity_type === 'DOCUMENT_DOWNLOADED');
    assert.equal(downloads.length, 1);
    assert.match(downloads[0].description, /agreement\.pdf.*original/);
  });

  it('answers 410 DOCUMENT_REMOVED once the documents were purged after delivery', async () => {
    const created = await createEnvelope(server, token);
    await markCompleted(server, created.envelope_id);
    await server.service.ctx.db
      .updateTable('envelopes')
      .set({ documents_removed_at: server.clock.now().toISOString() })
      .where('id', '=', created.envelope_id)
      .execute();
    expectError(await download(created.envelope_id, created.documents[0]!.document_id), 410, 'DOCUMENT_REMOVED');
    expectError(await download(created.envelope_id, 'certificate'), 410, 'DOCUMENT_REMOVED');
  });

  it("answers 404 DOCUMENT_NOT_FOUND for an unknown document or another envelope's document", async () => {
    const created = await createEnvelope(server, token);
    const other = await createEnvelope(server, token);
    expectError(await download(created.envelope_id, 'doc_unknown', { query: '?signed_only=false' }), 404, 'DOCUMENT_NOT_FOUND');
    expectError(
      await download(created.envelope_id, other.documents[0]!.document_id, { query: '?signed_only=false' }),
      404,
      'DOCUMENT_NOT_FOUND',
    );
  });

  it("answers 404 ENVELOPE_NOT_FOUND for an unknown envelope and for another account's envelope", async () => {
    const created = await createEnvelope(server, token);
    await markCompleted(server, created.envelope_id);
    const stranger = (await server.newAccount()).accessToken;
    expectError(await download('env_unknown', created.documents[0]!.document_id, { as: stranger }), 404, 'ENVELOPE_NOT_FOUND');
    expectError(await download(created.envelope_id, created.documents[0]!.document_id, { as: stranger }), 404, 'ENVELOPE_NOT_FOUND');
    expectError(await download(created.envelope_id, 'certificate', { as: stranger }), 404, 'ENVELOPE_NOT_FOUND');
  });

  it('rejects a signed_only that is not a boolean with 400', async () => {
    const created = await createEnvelope(server, token);
    const response = await download(created.envelope_id, created.documents[0]!.document_id, { query: '?signed_only=maybe' });
    assert.equal(response.status, 400);
    assert.equal(response.body.errors[0].field, 'querystring.signed_only');
  });
});
