import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { readLedger } from '../../../src/app/ledger/append-ledger-entry.js';
import { readCompletionRecord, verifySealedPdf } from '@countersign/verify';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, envelopeRequest, pdfBase64 } from '../../support/envelopes.js';
import { pdfsig } from '../../unit/pdf/poppler.js';
import { signBody, tokenFor, waitForCompletion } from './signing-helpers.js';

describeOnEachDatabase('envelope completion', (server) => {
  let token: string;

  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const signAll = async (envelope: Awaited<ReturnType<typeof createEnvelope>>) => {
    const responses = [];
    for (const signer of envelope.recipients.signers) {
      const signingToken = await tokenFor(server, envelope.envelope_id, signer.recipient_id);
      responses.push(await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() }));
    }
    return responses;
  };

  const documentsOf = (envelopeId: string) =>
    server.service.ctx.db.selectFrom('documents').selectAll().where('envelope_id', '=', envelopeId).orderBy('position').execute();

  it('seals every document once all signed: pdfsig and verifySealedPdf accept it, and only then is the envelope Completed', async () => {
    const envelope = await createEnvelope(server, token, { flow: 'Sequential', envelope: { append_verification_qr_code: true } });
    const responses = await signAll(envelope);
    assert.deepEqual(
      responses.map((r) => r.status),
      [200, 200],
    );
    assert.equal(responses[1]!.body.data.status, 'InProgress');
    const completed = await waitForCompletion(server, envelope.envelope_id);
    assert.equal(completed.status, 'Completed');
    assert.ok(completed.completed_at);
    const [certificate, document] = await documentsOf(envelope.envelope_id);
    assert.equal(certificate!.position, 0);
    assert.equal(certificate!.name, 'Certificate of Completion.pdf');
    assert.ok(document!.sealed_sha256);
    const sealed = await server.service.ctx.blobs.get(document!.sealed_sha256!);
    assert.ok(sealed);
    assert.match(await pdfsig(sealed), /Signature is Valid/);
    assert.equal((await verifySealedPdf(sealed)).valid, true);
    const certificateBytes = await server.service.ctx.blobs.get(certificate!.sha256);
    assert.equal((await verifySealedPdf(certificateBytes!)).valid, true);
    const record = await readCompletionRecord(sealed);
    assert.equal(record?.envelope_id, envelope.envelope_id);
    assert.deepEqual(
      record?.signers.map((s) => s.email),
      ['ada@example.test', 'grace@example.test'],
    );
    assert.ok(record?.signers.every((s) => s.signed_at));
  });

  it('lets anyone holding the certificate of completion check it on the public verify upload', async () => {
    const envelope = await createEnvelope(server, token);
    await signAll(envelope);
    await waitForCompletion(server, envelope.envelope_id);
    const [certificate] = await documentsOf(envelope.envelope_id);
    const bytes = await server.service.ctx.blobs.get(certificate!.sha256);
    const response = await server.call('POST', `/verify/${envelope.envelope_id}/check`, {
      noAppAuthType: true,
      rawBody: new Blob([Buffer.from(bytes!)]),
      headers: { 'content-type': 'application/pdf' },
    });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const { data } = response.body;
    assert.equal(data.match, true);
    assert.equal(data.document_name, 'Certificate of Completion.pdf');
    assert.equal(data.seal.valid, true);
  });

  it('records the ledger head it sealed with, before the ENVELOPE_COMPLETED entry', async () => {
    const envelope = await createEnvelope(server, token);
    await signAll(envelope);
    const completed = await waitForCompletion(server, envelope.envelope_id);
    const ledger = await readLedger(server.service.ctx.db, envelope.envelope_id);
    const last = ledger.at(-1)!;
    assert.equal(last.activity_type, 'ENVELOPE_COMPLETED');
    assert.equal(completed.sealed_ledger_head_hash, last.previous_hash);
    assert.equal(ledger.filter((e) => e.activity_type === 'DOCUMENT_SIGNED').length, 2);
  });

  it('does nothing when the completion job runs again', async () => {
    const envelope = await createEnvelope(server, token);
    await signAll(envelope);
    await waitForCompletion(server, envelope.envelope_id);
    const { completeEnvelope } = await import('../../../src/app/completion/complete-envelope.js');
    await completeEnvelope(server.service.ctx, { envelopeId: envelope.envelope_id });
    const documents = await documentsOf(envelope.envelope_id);
    assert.equal(documents.filter((d) => d.position === 0).length, 1);
    const completions = (await readLedger(server.service.ctx.db, envelope.envelope_id)).filter(
      (e) => e.activity_type === 'ENVELOPE_COMPLETED',
    );
    assert.equal(completions.length, 1);
  });

  it('purges the documents after delivery when remove_signed_envelope is set', async () => {
    const envelope = await createEnvelope(server, token, { envelope: { remove_signed_envelope: true } });
    await signAll(envelope);
    const completed = await waitForCompletion(server, envelope.envelope_id);
    assert.equal(completed.status, 'Completed');
    assert.ok(completed.documents_removed_at);
    for (const document of await documentsOf(envelope.envelope_id)) {
      assert.equal(await server.service.ctx.blobs.get(document.sha256), undefined);
      assert.equal(await server.service.ctx.blobs.get(document.sealed_sha256!), undefined);
    }
  });

  // How fast is measured by `npm run bench` (docs/benchmarks.md), never by a timed assertion.
  it('completes a 10-page envelope after its last signature, and reports how long that took', async (t) => {
    const body = await envelopeRequest({
      signers: [
        {
          name: 'Ada Lovelace',
          email: 'ada@example.test',
          fields: [{ type: 'signature', page: 10, x: 72, y: 600, width: 160, height: 40 }],
        },
      ],
    });
    body.documents[0]!.content_base64 = await pdfBase64(10);
    const created = await server.call('POST', '/api/v2.0/envelopes/create', { token, body });
    assert.equal(created.status, 201);
    const started = performance.now();
    await signAll(created.body.data);
    const completed = await waitForCompletion(server, created.body.data.envelope_id);
    const elapsedMs = performance.now() - started;
    assert.equal(completed.status, 'Completed');
    t.diagnostic(`${server.database}: 10-page envelope, last signature POST -> Completed in ${elapsedMs.toFixed(0)} ms`);
  });
});
