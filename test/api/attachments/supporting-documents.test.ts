import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { readLedger } from '../../../src/app/ledger/append-ledger-entry.js';
import { sha256Hex } from '../../../src/infra/hash.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { makePdf, makePng } from '../../support/pdf-fixtures.js';
import { assertError } from '../../support/test-server.js';
import { makeDocx, makeElf, makeJpeg, makeXlsx, makeZip } from './file-fixtures.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const codes = (body: { errors: { error_code: string }[] }) => body.errors.map((e) => e.error_code);
const TEN_MB = 10 * 1024 * 1024;

describeOnEachDatabase('Supporting documents (docs/concepts/attachments.md)', (server) => {
  let token: string;
  let envelopeId: string;
  let pdf: Uint8Array;

  const upload = (id: string, documents: { name: string; bytes: Uint8Array }[], headers: Record<string, string> = {}, as = token) =>
    server.call('POST', `/api/v2.0/envelopes/${id}/upload_supporting_document`, {
      token: as,
      headers,
      body: { documents: documents.map((d) => ({ name: d.name, content_base64: b64(d.bytes) })) },
    });
  const list = (id: string, as = token) => server.call('GET', `/api/v2.0/envelopes/${id}/list_supporting_document`, { token: as });
  const download = (id: string, documentId: string, as = token) =>
    server.call('GET', `/api/v2.0/envelopes/${id}/supportingdocuments/${documentId}/download`, { token: as });
  const uploadMultipart = (id: string, files: { name: string; bytes: Uint8Array }[], field = 'file') => {
    const form = new FormData();
    for (const file of files) form.append(field, new Blob([file.bytes.slice()]), file.name);
    return fetch(`${server.url}/api/v2.0/envelopes/${id}/upload_supporting_document`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2' },
      body: form,
    });
  };

  before(async () => {
    token = (await server.newAccount()).accessToken;
    envelopeId = (await createEnvelope(server, token)).envelope_id;
    pdf = await makePdf({ pages: 1 });
  });

  it('answers 201 with each document typed from its bytes, not its name', async () => {
    const png = makePng(4, 4);
    const text = new TextEncoder().encode('Terms and conditions — version 2\n');
    const response = await upload(envelopeId, [
      { name: 'looks-like-an-image.png', bytes: pdf },
      { name: 'looks-like-a-pdf.pdf', bytes: png },
      { name: 'photo.bin', bytes: makeJpeg() },
      { name: 'terms', bytes: text },
      { name: 'contract.docx', bytes: makeDocx() },
      { name: 'prices.xlsx', bytes: makeXlsx() },
    ]);
    assert.equal(response.status, 201);
    assert.equal(response.body.message, 'Supporting documents uploaded successfully.');
    const documents = response.body.data.supporting_documents;
    assert.deepEqual(
      documents.map((d: { name: string; content_type: string }) => [d.name, d.content_type]),
      [
        ['looks-like-an-image.png', 'application/pdf'],
        ['looks-like-a-pdf.pdf', 'image/png'],
        ['photo.bin', 'image/jpeg'],
        ['terms', 'text/plain'],
        ['contract.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['prices.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ],
    );
    assert.match(documents[0].supporting_document_id, /^att_/);
    assert.equal(documents[0].size, pdf.byteLength);
    assert.equal(documents[0].sha256, sha256Hex(pdf));
  });

  it('lists the same documents and downloads each with its original bytes', async () => {
    const listed = await list(envelopeId);
    assert.equal(listed.status, 200);
    const documents = listed.body.data.supporting_documents;
    assert.equal(documents.length, 6);
    const pdfEntry = documents.find((d: { name: string }) => d.name === 'looks-like-an-image.png');
    const downloaded = await download(envelopeId, pdfEntry.supporting_document_id);
    assert.equal(downloaded.status, 200);
    assert.deepEqual(downloaded.body.data, {
      supporting_document_id: pdfEntry.supporting_document_id,
      name: 'looks-like-an-image.png',
      content_type: 'application/pdf',
      content_base64: b64(pdf),
    });
  });

  it('writes one ATTACHMENT_ADDED ledger entry per document', async () => {
    const ledger = await readLedger(server.service.ctx.db, envelopeId);
    const added = ledger.filter((entry) => entry.activity_type === 'ATTACHMENT_ADDED');
    assert.equal(added.length, 6);
    assert.match(added[0]!.description, /"looks-like-an-image\.png" \(application\/pdf/);
  });

  it('accepts multipart "file" parts', async () => {
    const id = (await createEnvelope(server, token)).envelope_id;
    const response = await uploadMultipart(id, [
      { name: 'scan.png', bytes: makePng(2, 2) },
      { name: 'notes.txt', bytes: new TextEncoder().encode('hello') },
    ]);
    assert.equal(response.status, 201);
    const body = (await response.json()) as { data: { supporting_documents: { name: string; content_type: string }[] } };
    assert.deepEqual(
      body.data.supporting_documents.map((d) => [d.name, d.content_type]),
      [
        ['scan.png', 'image/png'],
        ['notes.txt', 'text/plain'],
      ],
    );
    assert.equal((await list(id)).body.data.supporting_documents.length, 2);
  });

  it('rejects a multipart part that is not "file" with 400 UNKNOWN_FIELD', async () => {
    const response = await uploadMultipart(envelopeId, [{ name: 'a.pdf', bytes: pdf }], 'attachment');
    assert.equal(response.status, 400);
    assert.deepEqual(codes((await response.json()) as { errors: { error_code: string }[] }), ['UNKNOWN_FIELD']);
  });

  it('rejects an executable or a plain ZIP with 415 UNSUPPORTED_FILE_TYPE and adds nothing', async () => {
    const before = (await list(envelopeId)).body.data.supporting_documents.length;
    for (const bytes of [makeElf(), makeZip({ 'readme.txt': 'hello' })]) {
      const response = await upload(envelopeId, [
        { name: 'fine.pdf', bytes: pdf },
        { name: 'tool.pdf', bytes },
      ]);
      assert.equal(response.status, 415);
      assert.deepEqual(codes(response.body), ['UNSUPPORTED_FILE_TYPE']);
    }
    assert.equal((await list(envelopeId)).body.data.supporting_documents.length, before);
  });

  it('rejects binary bytes that are not UTF-8 text with 415 UNSUPPORTED_FILE_TYPE', async () => {
    const response = await upload(envelopeId, [{ name: 'notes.txt', bytes: new Uint8Array([0x68, 0x00, 0xff, 0xfe, 0x01]) }]);
    assert.equal(response.status, 415);
    assert.deepEqual(codes(response.body), ['UNSUPPORTED_FILE_TYPE']);
  });

  it('rejects a file over 10 MB with 413 PAYLOAD_TOO_LARGE, as JSON or multipart', async () => {
    const big = new Uint8Array(TEN_MB + 1).fill(0x61);
    const json = await upload(envelopeId, [{ name: 'big.txt', bytes: big }]);
    assert.equal(json.status, 413);
    assert.deepEqual(codes(json.body), ['PAYLOAD_TOO_LARGE']);
    const multipart = await uploadMultipart(envelopeId, [{ name: 'big.txt', bytes: big }]);
    assert.equal(multipart.status, 413);
    assert.deepEqual(codes((await multipart.json()) as { errors: { error_code: string }[] }), ['PAYLOAD_TOO_LARGE']);
  });

  it('answers 400 for an empty documents list or text that is not base64', async () => {
    const empty = await server.call('POST', `/api/v2.0/envelopes/${envelopeId}/upload_supporting_document`, {
      token,
      body: { documents: [] },
    });
    assert.equal(assertError(empty, 400, 'INVALID_FIELD').field, 'documents');
    const notBase64 = await server.call('POST', `/api/v2.0/envelopes/${envelopeId}/upload_supporting_document`, {
      token,
      body: { documents: [{ name: 'x.txt', content_base64: 'not base64 at all!' }] },
    });
    assert.equal(notBase64.status, 400);
    assert.deepEqual(codes(notBase64.body), ['INVALID_BASE64']);
  });

  it('replays an upload sent again with the same Idempotency-Key and adds nothing', async () => {
    const id = (await createEnvelope(server, token)).envelope_id;
    const headers = { 'idempotency-key': `attach-${id}` };
    const first = await upload(id, [{ name: 'a.pdf', bytes: pdf }], headers);
    const second = await upload(id, [{ name: 'a.pdf', bytes: pdf }], headers);
    assert.equal(second.status, 201);
    assert.equal(second.headers.get('idempotent-replayed'), 'true');
    assert.deepEqual(second.body, first.body);
    assert.equal((await list(id)).body.data.supporting_documents.length, 1);
  });

  it('answers 404 SUPPORTING_DOCUMENT_NOT_FOUND for an unknown id or one of another envelope', async () => {
    const unknown = await download(envelopeId, 'att_unknown');
    assert.equal(unknown.status, 404);
    assert.deepEqual(codes(unknown.body), ['SUPPORTING_DOCUMENT_NOT_FOUND']);
    const other = (await createEnvelope(server, token)).envelope_id;
    const attached = await upload(other, [{ name: 'a.pdf', bytes: pdf }]);
    const crossed = await download(envelopeId, attached.body.data.supporting_documents[0].supporting_document_id);
    assert.equal(crossed.status, 404);
    assert.deepEqual(codes(crossed.body), ['SUPPORTING_DOCUMENT_NOT_FOUND']);
  });

  it("answers 404 ENVELOPE_NOT_FOUND on every route for another account's envelope", async () => {
    const stranger = (await server.newAccount()).accessToken;
    const documentId = (await list(envelopeId)).body.data.supporting_documents[0].supporting_document_id;
    for (const response of [
      await upload(envelopeId, [{ name: 'a.pdf', bytes: pdf }], {}, stranger),
      await list(envelopeId, stranger),
      await download(envelopeId, documentId, stranger),
    ]) {
      assert.equal(response.status, 404);
      assert.deepEqual(codes(response.body), ['ENVELOPE_NOT_FOUND']);
    }
    assert.equal((await list(envelopeId)).body.data.supporting_documents.length, 6);
  });
});
