import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { makeCorruptPdf, makeEncryptedPdf, makeNotAPdf } from '../../support/pdf-fixtures.js';
import { assertError } from '../../support/test-server.js';
import { pdf, uploadFiles } from '../templates/template-requests.js';

describeOnEachDatabase('upload_file and create_with_files (docs/concepts/envelopes.md)', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const uploadOne = async (accessToken = token, path = '/envelopes/upload_file') => {
    const response = await uploadFiles(server, accessToken, path, [{ name: 'contract.pdf', bytes: await pdf() }]);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    return response.body.data.files[0].file_id as string;
  };

  const withFiles = async (fileIds: string[], accessToken = token) => {
    const { envelope, recipients } = await envelopeRequest();
    return server.call('POST', '/api/v2.0/envelopes/create_with_files', {
      token: accessToken,
      body: { envelope, file_ids: fileIds, recipients },
    });
  };

  it('answers 201 with file_id, name, size, pages and sha256 for every uploaded file', async () => {
    const bytes = await pdf(3);
    const response = await uploadFiles(server, token, '/envelopes/upload_file', [
      { name: 'a.pdf', bytes },
      { name: 'b.pdf', bytes: await pdf(1) },
    ]);
    assert.equal(response.status, 201);
    const [first, second] = response.body.data.files;
    assert.match(first.file_id, /^file_/);
    assert.deepEqual({ name: first.name, size: first.size, pages: first.pages }, { name: 'a.pdf', size: bytes.byteLength, pages: 3 });
    assert.match(first.sha256, /^[0-9a-f]{64}$/);
    assert.equal(second.pages, 1);
  });

  it('rejects a request without a file part with 400 FILE_REQUIRED', async () => {
    assertError(await uploadFiles(server, token, '/envelopes/upload_file', []), 400, 'FILE_REQUIRED');
  });

  it('rejects a JSON body with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await server.call('POST', '/api/v2.0/envelopes/upload_file', { token, body: { file: 'x' } });
    assertError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  for (const [label, bytes, status, code] of [
    ['an encrypted PDF', makeEncryptedPdf, 400, 'PDF_ENCRYPTED'],
    ['a corrupt PDF', makeCorruptPdf, 400, 'INVALID_PDF'],
    ['a GIF', makeNotAPdf, 415, 'UNSUPPORTED_FILE_TYPE'],
  ] as const) {
    it(`rejects ${label} with ${status} ${code}`, async () => {
      const response = await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'x.pdf', bytes: await bytes() }]);
      assertError(response, status, code);
    });
  }

  it('rejects a file over 25 MB with 413 PAYLOAD_TOO_LARGE', async () => {
    const big = new Uint8Array(25 * 1024 * 1024 + 1024);
    big.set(new TextEncoder().encode('%PDF-1.7\n'));
    const response = await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'big.pdf', bytes: big }]);
    assertError(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('replays an upload sent again with the same Idempotency-Key', async () => {
    const bytes = await pdf();
    const first = await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'same.pdf', bytes }], {
      'idempotency-key': 'upload-1',
    });
    const again = await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'same.pdf', bytes }], {
      'idempotency-key': 'upload-1',
    });
    assert.equal(again.status, 201);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(again.body, first.body);
  });

  it('creates an envelope from uploaded files with 201, using the upload once', async () => {
    const fileId = await uploadOne();
    const created = await withFiles([fileId]);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.message, 'Envelope created successfully.');
    assert.match(created.body.data.envelope_id, /^env_/);
    assert.deepEqual(
      created.body.data.documents.map((d: { name: string; pages: number }) => [d.name, d.pages]),
      [['contract.pdf', 2]],
    );

    const reused = await withFiles([fileId]);
    assert.equal(assertError(reused, 400, 'FILE_NOT_FOUND').field, 'file_ids[0]');
  });

  it('answers 400 FILE_NOT_FOUND for an unknown id, with its path', async () => {
    const fileId = await uploadOne();
    const response = await withFiles([fileId, 'file_unknown']);
    assert.equal(response.status, 400);
    assert.deepEqual(
      response.body.errors.map((e: { error_code: string; field: string }) => [e.error_code, e.field]),
      [['FILE_NOT_FOUND', 'file_ids[1]']],
    );
  });

  it("answers 400 FILE_NOT_FOUND for another account's upload", async () => {
    const other = await server.newAccount();
    assert.equal(assertError(await withFiles([await uploadOne(other.accessToken)]), 400, 'FILE_NOT_FOUND').field, 'file_ids[0]');
  });

  it('answers 400 FILE_NOT_FOUND for a template upload', async () => {
    assert.equal(
      assertError(await withFiles([await uploadOne(token, '/templates/upload_file')]), 400, 'FILE_NOT_FOUND').field,
      'file_ids[0]',
    );
  });

  it('leaves the upload unused when the envelope is invalid', async () => {
    const fileId = await uploadOne();
    const { envelope, recipients } = await envelopeRequest({ envelope: { expiration_days: 5, email_reminders: true, reminder_period: 9 } });
    const invalid = await server.call('POST', '/api/v2.0/envelopes/create_with_files', {
      token,
      body: { envelope, file_ids: [fileId], recipients },
    });
    assert.equal(assertError(invalid, 400, 'INVALID_REMINDER_PERIOD').field, 'envelope.reminder_period');
    assert.equal((await withFiles([fileId])).status, 201);
  });

  it('applies the monthly quota with 403 ENVELOPE_QUOTA_EXCEEDED and keeps the upload unused', async () => {
    const free = await server.newAccount('free');
    // Uploaded while the quota allowed it: once the quota is used up, upload_file itself answers 403.
    const fileId = await uploadOne(free.accessToken);
    for (let i = 0; i < 25; i += 1) assert.equal((await withFiles([await uploadOne(free.accessToken)], free.accessToken)).status, 201);
    const refused = await withFiles([fileId], free.accessToken);
    assertError(refused, 403, 'ENVELOPE_QUOTA_EXCEEDED');
    const row = await server.service.ctx.db.selectFrom('uploads').select('used_at').where('id', '=', fileId).executeTakeFirstOrThrow();
    assert.equal(row.used_at, null);
  });

  it('rejects an empty file_ids with 400 INVALID_FIELD on file_ids', async () => {
    const { envelope, recipients } = await envelopeRequest();
    const response = await server.call('POST', '/api/v2.0/envelopes/create_with_files', {
      token,
      body: { envelope, file_ids: [], recipients },
    });
    assert.equal(assertError(response, 400, 'INVALID_FIELD').field, 'file_ids');
  });
});
