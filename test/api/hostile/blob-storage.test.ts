import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { before, it } from 'node:test';
import { runMaintenance } from '../../../src/app/jobs/maintenance.js';
import { runMaintenanceAfterGracePeriod } from '../../support/maintenance.js';
import { PENDING_UPLOAD_LIMITS } from '../../../src/app/uploads/upload-files.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { makeCorruptPdf, makePdf } from '../../support/pdf-fixtures.js';
import { uploadFiles } from '../templates/template-requests.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** A PDF no other test stores: its bytes, and so its hash, are its own. */
const uniquePdf = () => makePdf({ pages: 2, text: `unique ${randomUUID()}` });
const codes = (body: { errors: { error_code: string }[] }) => body.errors.map((e) => e.error_code);

// Finding 5 of issue 8: blobs were written before validation and quota checks, and never collected.
for (const store of ['fs', 'db'] as const) {
  describeOnEachDatabase(
    `blob storage hygiene on the ${store} document store`,
    (server) => {
      let account: Awaited<ReturnType<typeof server.newAccount>>;
      before(async () => {
        account = await server.newAccount();
      });

      const stored = async (hash: string) => (await server.service.ctx.blobs.get(hash)) !== undefined;
      const upload = (token: string, files: { name: string; bytes: Uint8Array }[], path = '/envelopes/upload_file') =>
        uploadFiles(server, token, path, files);

      it('answers 403 ENVELOPE_QUOTA_EXCEEDED to an envelope upload past the monthly quota, and writes no bytes', async () => {
        const free = await server.newAccount('free');
        assert.equal(
          (await server.call('POST', '/api/v2.0/envelopes/create', { token: free.accessToken, body: await envelopeRequest() })).status,
          201,
        );
        const bytes = await uniquePdf();
        const response = await upload(free.accessToken, [{ name: 'over.pdf', bytes }]);
        assert.equal(response.status, 403);
        assert.deepEqual(codes(response.body), ['ENVELOPE_QUOTA_EXCEEDED']);
        assert.equal(await stored(sha256(bytes)), false);
      });

      it('writes none of an upload’s files when one of them is not a valid PDF', async () => {
        const good = await uniquePdf();
        const response = await upload(account.accessToken, [
          { name: 'good.pdf', bytes: good },
          { name: 'bad.pdf', bytes: makeCorruptPdf() },
        ]);
        assert.equal(response.status, 400);
        assert.deepEqual(codes(response.body), ['INVALID_PDF']);
        assert.equal(await stored(sha256(good)), false);
      });

      it(`answers 403 UPLOAD_QUOTA_EXCEEDED past ${PENDING_UPLOAD_LIMITS.maxFiles} unused uploads, and writes no bytes`, async () => {
        const busy = await server.newAccount();
        const small = await makePdf();
        const batch = Array.from({ length: 10 }, (_, i) => ({ name: `f${i}.pdf`, bytes: small }));
        for (let i = 0; i < PENDING_UPLOAD_LIMITS.maxFiles / batch.length; i++) {
          assert.equal((await upload(busy.accessToken, batch, i % 2 ? '/templates/upload_file' : '/envelopes/upload_file')).status, 201);
        }
        const bytes = await uniquePdf();
        const response = await upload(busy.accessToken, [{ name: 'one-more.pdf', bytes }]);
        assert.equal(response.status, 403);
        assert.deepEqual(codes(response.body), ['UPLOAD_QUOTA_EXCEEDED']);
        assert.equal(await stored(sha256(bytes)), false);
      });

      it('deletes unreferenced bytes after the grace period, the purged uploads’ among them, and keeps referenced ones', async () => {
        const ctx = server.service.ctx;
        const uploaded = await uniquePdf();
        assert.equal((await upload(account.accessToken, [{ name: 'pending.pdf', bytes: uploaded }])).status, 201);
        const request = await envelopeRequest();
        const documentBytes = await uniquePdf();
        request.documents[0]!.content_base64 = Buffer.from(documentBytes).toString('base64');
        assert.equal((await server.call('POST', '/api/v2.0/envelopes/create', { token: account.accessToken, body: request })).status, 201);
        // Bytes a crash left behind: written, but no row was ever inserted for them.
        const orphan = await ctx.blobs.put(await uniquePdf());

        await runMaintenance(ctx);
        for (const hash of [sha256(uploaded), sha256(documentBytes), orphan])
          assert.equal(await stored(hash), true, 'kept within the grace period');

        await runMaintenanceAfterGracePeriod(ctx, server.clock);
        assert.equal(await stored(orphan), false, 'the orphan is collected');
        assert.equal(await stored(sha256(uploaded)), false, 'the purged upload’s bytes are collected');
        assert.equal(await stored(sha256(documentBytes)), true, 'a live envelope’s document is kept');
      });
    },
    { env: { DOCUMENT_STORE: store, PLAN_QUOTAS: 'free=1' } },
  );
}
