import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { BLOB_GRACE_PERIOD_MS, collectUnreferencedBlobs } from '../../../src/app/documents/collect-unreferenced-blobs.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { completeEnvelope, oneDocumentRequest, sha256 } from '../../support/converted-documents.js';
import { makeImagePng } from '../../support/document-fixtures.js';
import { runMaintenanceAfterGracePeriod } from '../../support/maintenance.js';
import { uploadFiles } from '../templates/template-requests.js';

let pictures = 0;
/** A PNG no other test stores: its bytes, and so its hash, are its own. */
const uniquePng = () => makeImagePng(40 + (pictures++ % 500), 30 + Math.floor(Math.random() * 400));

describeOnEachDatabase('the files documents were converted from, kept and let go with them (docs/api/conversion.md)', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const stored = async (hash: string) => (await server.service.ctx.blobs.get(hash)) !== undefined;
  const create = async (png: Uint8Array, envelope: Record<string, unknown> = {}) => {
    const body = oneDocumentRequest('scan.png', png);
    const response = await server.call('POST', '/api/v2.0/envelopes/create', {
      token,
      body: { ...body, envelope: { ...body.envelope, ...envelope } },
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body.data as { envelope_id: string; recipients: { signers: { recipient_id: string }[] } };
  };

  it('keeps the original of a live envelope, a template and a pending upload through the blob collection', async () => {
    const [forEnvelope, forTemplate, forUpload] = [uniquePng(), uniquePng(), uniquePng()];
    await create(forEnvelope);
    const template = await server.call('POST', '/api/v2.0/templates/create', {
      token,
      body: {
        template: { name: 'Scanned form' },
        documents: [{ name: 'form.png', content_base64: Buffer.from(forTemplate).toString('base64') }],
        roles: { signers: [{ signer_title: 'Signer', fields: [{ type: 'signature', page: 1, x: 72, y: 72, width: 160, height: 40 }] }] },
      },
    });
    assert.equal(template.status, 201, JSON.stringify(template.body));
    assert.equal((await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'pending.png', bytes: forUpload }])).status, 201);

    // Bytes nothing refers to, written at the same time: the collection does take those.
    const orphan = await server.service.ctx.blobs.put(uniquePng());

    // Past the collection's grace period, but not the purge of unused uploads, which is not run here.
    server.clock.advance(BLOB_GRACE_PERIOD_MS + 3600_000);
    try {
      await collectUnreferencedBlobs(server.service.ctx);
    } finally {
      server.clock.advance(-(BLOB_GRACE_PERIOD_MS + 3600_000));
    }
    assert.equal(await stored(orphan), false);
    for (const png of [forEnvelope, forTemplate, forUpload]) assert.equal(await stored(sha256(png)), true);
  });

  it('collects an unused upload’s original once the upload is purged', async () => {
    const png = uniquePng();
    assert.equal((await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'forgotten.png', bytes: png }])).status, 201);
    // The purge of unused uploads takes those older than 24 h; the collection then takes their bytes after its own grace period.
    server.clock.advance(25 * 3600_000);
    try {
      await runMaintenanceAfterGracePeriod(server.service.ctx, server.clock);
    } finally {
      server.clock.advance(-25 * 3600_000);
    }
    assert.equal(await stored(sha256(png)), false);
  });

  const createCompleted = async (png: Uint8Array, envelope: Record<string, unknown> = {}) => {
    const created = await create(png, envelope);
    await completeEnvelope(
      server,
      created.envelope_id,
      created.recipients.signers.map((signer) => signer.recipient_id),
    );
    return created;
  };

  it('deletes a deleted envelope’s original with its PDF', async () => {
    const png = uniquePng();
    const envelope = await createCompleted(png);
    const deleted = await server.call('POST', `/api/v2.0/envelopes/${envelope.envelope_id}/delete`, { token });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    assert.equal(await stored(sha256(png)), false);
  });

  it('purges the original with the documents of a completed envelope set to remove_signed_envelope', async () => {
    const png = uniquePng();
    await createCompleted(png, { remove_signed_envelope: true });
    assert.equal(await stored(sha256(png)), false);
  });

  it('keeps an original another envelope still uses when one of the two is deleted', async () => {
    const png = uniquePng();
    const first = await createCompleted(png);
    await create(png);
    assert.equal((await server.call('POST', `/api/v2.0/envelopes/${first.envelope_id}/delete`, { token })).status, 200);
    assert.equal(await stored(sha256(png)), true);
  });
});
