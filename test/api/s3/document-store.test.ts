import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { after, before, it } from 'node:test';
import { S3Client } from '@aws-sdk/client-s3';
import { runMaintenance } from '../../../src/app/jobs/maintenance.js';
import { runMaintenanceAfterGracePeriod } from '../../support/maintenance.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import { objectInBucket, S3_TEST_CREDENTIALS, startS3Server } from '../../support/s3-server.js';
import type { TestServer } from '../../support/test-server.js';
import { envelopeRow, signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';
import { uploadFiles } from '../templates/template-requests.js';

const PREFIX = 'countersign/documents';
const s3 = await startS3Server();
const bucket = new S3Client({
  region: 'us-east-1',
  endpoint: s3.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: S3_TEST_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_TEST_CREDENTIALS.AWS_SECRET_ACCESS_KEY },
});
after(async () => {
  bucket.destroy();
  await s3.close();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** A PDF no other test stores: its bytes, and so its object, are its own. */
const uniquePdf = () => makePdf({ pages: 2, text: `unique ${randomUUID()}` });

const inBucket = (sha: string) => objectInBucket(bucket, s3.bucket, PREFIX, sha);

const pdfDownload = async (server: TestServer, token: string, envelopeId: string, documentId: string, signedOnly = true) => {
  const response = await fetch(`${server.url}/api/v2.0/envelopes/${envelopeId}/${documentId}/download?signed_only=${signedOnly}`, {
    headers: { authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2', accept: 'application/pdf' },
  });
  assert.equal(response.status, 200);
  return new Uint8Array(await response.arrayBuffer());
};

describeOnEachDatabase(
  'documents in an S3 bucket (DOCUMENT_STORE=s3://…)',
  (server) => {
    let token: string;
    before(async () => {
      token = (await server.newAccount()).accessToken;
    });

    const create = async (body: Awaited<ReturnType<typeof envelopeRequest>>) => {
      const response = await server.call('POST', '/api/v2.0/envelopes/create', { token, body });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body.data as { envelope_id: string; documents: { document_id: string }[]; recipients: any };
    };
    const signAll = async (envelope: Awaited<ReturnType<typeof create>>) => {
      for (const signer of envelope.recipients.signers) {
        const signingToken = await tokenFor(server, envelope.envelope_id, signer.recipient_id);
        assert.equal((await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() })).status, 200);
      }
      return waitForCompletion(server, envelope.envelope_id);
    };
    const documentRows = (envelopeId: string) =>
      server.service.ctx.db.selectFrom('documents').selectAll().where('envelope_id', '=', envelopeId).orderBy('position').execute();

    it('keeps an envelope’s original, sealed copy and certificate in the bucket, and serves each from there', async () => {
      const original = await uniquePdf();
      const request = await envelopeRequest();
      request.documents[0]!.content_base64 = Buffer.from(original).toString('base64');
      const envelope = await create(request);
      const documentId = envelope.documents[0]!.document_id;
      assert.deepEqual(await inBucket(sha256(original)), original, 'the original is in the bucket');
      assert.deepEqual(await pdfDownload(server, token, envelope.envelope_id, documentId, false), original);
      const signingToken = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0].recipient_id);
      const forSigner = await fetch(`${server.url}/api/v2.0/signing/${signingToken}/documents/${documentId}`);
      assert.equal(forSigner.status, 200);
      assert.deepEqual(new Uint8Array(await forSigner.arrayBuffer()), original, 'the signing page reads it from the bucket');

      assert.equal((await signAll(envelope)).status, 'Completed');
      const [certificate, document] = await documentRows(envelope.envelope_id);
      for (const [sha, documentId] of [
        [document!.sealed_sha256!, document!.id],
        [certificate!.sha256, 'certificate'],
      ] as const) {
        const stored = await inBucket(sha);
        assert.ok(stored, `${documentId} is in the bucket`);
        assert.deepEqual(await pdfDownload(server, token, envelope.envelope_id, documentId), stored);
      }
    });

    it('stores uploaded files in the bucket and creates an envelope from them', async () => {
      const bytes = await uniquePdf();
      const upload = await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'contract.pdf', bytes }]);
      assert.equal(upload.status, 201, JSON.stringify(upload.body));
      assert.deepEqual(await inBucket(sha256(bytes)), bytes);
      const { envelope, recipients } = await envelopeRequest();
      const created = await server.call('POST', '/api/v2.0/envelopes/create_with_files', {
        token,
        body: { envelope, file_ids: [upload.body.data.files[0].file_id], recipients },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const [document] = await documentRows(created.body.data.envelope_id);
      assert.equal(document!.sha256, sha256(bytes));
    });

    it('deletes the envelope’s objects from the bucket once delivered when remove_signed_envelope is set', async () => {
      const request = await envelopeRequest({ envelope: { remove_signed_envelope: true } });
      request.documents[0]!.content_base64 = Buffer.from(await uniquePdf()).toString('base64');
      const envelope = await create(request);
      const completed = await signAll(envelope);
      await server.service.worker.drain();
      const rows = await documentRows(envelope.envelope_id);
      assert.equal(completed.status, 'Completed');
      assert.ok((await envelopeRow(server, envelope.envelope_id)).documents_removed_at, 'purged once delivered');
      for (const row of rows) {
        assert.equal(await inBucket(row.sha256), undefined, `${row.name}: original`);
        if (row.sealed_sha256) assert.equal(await inBucket(row.sealed_sha256), undefined, `${row.name}: sealed copy`);
      }
    });

    it('collects objects no row references once the grace period is over, and keeps referenced ones', async () => {
      const ctx = server.service.ctx;
      const referenced = await uniquePdf();
      const request = await envelopeRequest();
      request.documents[0]!.content_base64 = Buffer.from(referenced).toString('base64');
      await create(request);
      // Bytes a crash left behind: written, but no row was ever inserted for them.
      const orphan = await ctx.blobs.put(await uniquePdf());

      await runMaintenance(ctx);
      assert.ok(await inBucket(orphan), 'kept within the grace period');

      await runMaintenanceAfterGracePeriod(ctx, server.clock);
      assert.equal(await inBucket(orphan), undefined, 'the orphan is collected');
      assert.ok(await inBucket(sha256(referenced)), 'a live envelope’s document is kept');
    });
  },
  { env: s3.env(PREFIX) },
);
