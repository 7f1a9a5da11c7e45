import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { before, it } from 'node:test';
import { sha256Hex } from '../../../src/infra/hash.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, pdfBase64 } from '../../support/envelopes.js';
import { makePdf, makePng } from '../../support/pdf-fixtures.js';
import { assertError, type ApiResponse } from '../../support/test-server.js';
import { pdfsig, pdfText, withPdfFile } from '../../unit/pdf/poppler.js';
import { makeElf, makeJpeg } from '../attachments/file-fixtures.js';
import { signBody, tokenFor, waitForCompletion } from './signing-helpers.js';

const run = promisify(execFile);
const codes = (body: { errors: { error_code: string }[] }) => body.errors.map((e) => e.error_code);
const TEN_MB = 10 * 1024 * 1024;

/** pdfdetach's list of the files embedded in a PDF. */
const embeddedFiles = (bytes: Uint8Array): Promise<string> =>
  withPdfFile(bytes, async (path) => (await run('pdfdetach', ['-list', path])).stdout);

const ADA = 'ada@example.test';
const GRACE = 'grace@example.test';

const attachmentField = (required: boolean, page = 1) => ({
  type: 'attachment',
  page,
  x: 72,
  y: 500,
  width: 200,
  height: 24,
  required,
  placeholder: 'Proof of address',
});

const signature = (page: number) => ({ type: 'signature', page, x: 72, y: 600, width: 160, height: 40 });

describeOnEachDatabase('Attachment fields (docs/concepts/recipients.md)', (server) => {
  let token: string;
  let pdf: Uint8Array;

  before(async () => {
    token = (await server.newAccount()).accessToken;
    pdf = await makePdf({ pages: 1, text: 'Utility bill' });
  });

  const postForm = async (signingToken: string, form: FormData): Promise<ApiResponse> => {
    const response = await fetch(`${server.url}/api/v2.0/signing/${signingToken}/attachments`, { method: 'POST', body: form });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };

  const upload = async (signingToken: string, name: string, bytes: Uint8Array, field = 'file') => {
    const form = new FormData();
    form.append(field, new Blob([bytes.slice()]), name);
    return (await postForm(signingToken, form)) as ApiResponse<{ data: Record<string, string>; errors: { error_code: string }[] }>;
  };

  const sequentialEnvelope = () =>
    createEnvelope(server, token, {
      flow: 'Sequential',
      signers: [
        { name: 'Ada Lovelace', email: ADA, signing_order: 1, fields: [signature(1), attachmentField(true)] },
        { name: 'Grace Hopper', email: GRACE, signing_order: 2, fields: [signature(2), attachmentField(false, 2)] },
      ],
    });

  const fieldsOf = async (signingToken: string) =>
    (await server.call('GET', `/api/v2.0/signing/${signingToken}`)).body.data.fields as {
      field_id: string;
      type: string;
      required: boolean;
    }[];

  const attachmentFieldOf = async (signingToken: string) => (await fieldsOf(signingToken)).find((f) => f.type === 'attachment')!;

  it('accepts attachment fields at creation, required when asked, and shows them to the signer', async () => {
    const envelope = await sequentialEnvelope();
    const ada = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
    const field = await attachmentFieldOf(ada);
    assert.equal(field.required, true);
  });

  it('accepts attachment fields in templates', async () => {
    const response = await server.call('POST', '/api/v2.0/templates/create', {
      token,
      body: {
        template: { name: 'Lease' },
        documents: [{ name: 'lease.pdf', content_base64: await pdfBase64(1) }],
        roles: { signers: [{ signer_title: 'Tenant', fields: [signature(1), attachmentField(true)] }] },
      },
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
  });

  it('answers 400 INVALID_FIELD_DEFAULT_VALUE for an attachment field with a default_value', async () => {
    const response = await server.call('POST', '/api/v2.0/envelopes/create', {
      token,
      body: {
        envelope: { name: 'With a default' },
        documents: [{ name: 'a.pdf', content_base64: await pdfBase64(1) }],
        recipients: { signers: [{ name: 'Ada', email: ADA, fields: [{ ...attachmentField(false), default_value: 'att_x' }] }] },
      },
    });
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), ['INVALID_FIELD_DEFAULT_VALUE']);
  });

  it('answers 201 with the attachment_id for a PDF, a PNG and a JPEG, typed from their bytes', async () => {
    const envelope = await sequentialEnvelope();
    const ada = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
    const png = makePng(8, 8);
    const jpeg = makeJpeg();
    const uploads = [await upload(ada, 'bill.pdf', pdf), await upload(ada, 'photo.png', png), await upload(ada, 'scan.bin', jpeg)];
    assert.deepEqual(
      uploads.map((u) => u.status),
      [201, 201, 201],
    );
    assert.deepEqual(
      uploads.map((u) => [u.body.data.name, u.body.data.content_type]),
      [
        ['bill.pdf', 'application/pdf'],
        ['photo.png', 'image/png'],
        ['scan.bin', 'image/jpeg'],
      ],
    );
    assert.match(uploads[0]!.body.data.attachment_id!, /^att_/);
    assert.equal(uploads[0]!.body.data.size, pdf.byteLength as unknown as string);
    assert.equal(uploads[0]!.body.data.sha256, sha256Hex(pdf));
  });

  it('answers 415 UNSUPPORTED_FILE_TYPE for an executable named .pdf and for plain text', async () => {
    const envelope = await sequentialEnvelope();
    const ada = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
    for (const [name, bytes] of [
      ['invoice.pdf', makeElf()],
      ['notes.pdf', new TextEncoder().encode('just some text\n')],
    ] as const) {
      const response = await upload(ada, name, bytes);
      assert.equal(response.status, 415, name);
      assert.deepEqual(codes(response.body), ['UNSUPPORTED_FILE_TYPE']);
    }
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a file over 10 MB', async () => {
    const envelope = await sequentialEnvelope();
    const ada = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
    const big = new Uint8Array(TEN_MB + 1);
    big.set(pdf.subarray(0, 64));
    const response = await upload(ada, 'huge.pdf', big);
    assert.equal(response.status, 413);
    assert.deepEqual(codes(response.body), ['PAYLOAD_TOO_LARGE']);
  });

  it('answers 400 UNKNOWN_FIELD for a part other than "file" and 400 FILE_REQUIRED for no file at all', async () => {
    const envelope = await sequentialEnvelope();
    const ada = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
    assert.deepEqual(codes((await upload(ada, 'bill.pdf', pdf, 'document')).body), ['UNKNOWN_FIELD']);
    assertError(await postForm(ada, new FormData()), 400, 'FILE_REQUIRED');
  });

  it('answers 409 NOT_YOUR_TURN to a signer whose turn has not come', async () => {
    const envelope = await sequentialEnvelope();
    const grace = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[1]!.recipient_id);
    const response = await upload(grace, 'bill.pdf', pdf);
    assert.equal(response.status, 409);
    assert.deepEqual(codes(response.body), ['NOT_YOUR_TURN']);
  });

  it('answers 404 SIGNING_TOKEN_NOT_FOUND for an unknown signing token', async () => {
    assertError(await upload('not-a-real-token', 'bill.pdf', pdf), 404, 'SIGNING_TOKEN_NOT_FOUND');
  });

  it('answers 400 REQUIRED_FIELD_MISSING when a required attachment field has no file', async () => {
    const envelope = await sequentialEnvelope();
    const ada = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
    const response = await server.call('POST', `/api/v2.0/signing/${ada}/sign`, { body: signBody() });
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), ['REQUIRED_FIELD_MISSING']);
  });

  it('answers 400 UNKNOWN_ATTACHMENT for another signer’s or another envelope’s attachment_id', async () => {
    const parallel = await createEnvelope(server, token, {
      signers: [
        { name: 'Ada Lovelace', email: ADA, signing_order: 1, fields: [signature(1), attachmentField(true)] },
        { name: 'Grace Hopper', email: GRACE, signing_order: 1, fields: [signature(2), attachmentField(true, 2)] },
      ],
    });
    const ada = await tokenFor(server, parallel.envelope_id, parallel.recipients.signers[0]!.recipient_id);
    const grace = await tokenFor(server, parallel.envelope_id, parallel.recipients.signers[1]!.recipient_id);
    const adas = (await upload(ada, 'bill.pdf', pdf)).body.data.attachment_id;
    const graceField = await attachmentFieldOf(grace);
    const stolen = await server.call('POST', `/api/v2.0/signing/${grace}/sign`, {
      body: signBody({ fields: [{ field_id: graceField.field_id, value: adas }] }),
    });
    assert.equal(stolen.status, 400);
    assert.deepEqual(codes(stolen.body), ['UNKNOWN_ATTACHMENT']);

    const other = await sequentialEnvelope();
    const otherAda = await tokenFor(server, other.envelope_id, other.recipients.signers[0]!.recipient_id);
    const otherField = await attachmentFieldOf(otherAda);
    const elsewhere = await server.call('POST', `/api/v2.0/signing/${otherAda}/sign`, {
      body: signBody({ fields: [{ field_id: otherField.field_id, value: adas }] }),
    });
    assert.equal(elsewhere.status, 400);
    assert.deepEqual(codes(elsewhere.body), ['UNKNOWN_ATTACHMENT']);
  });

  it('seals the file into the PDF, lists it on the certificate and keeps it as a supporting document with uploaded_by', async () => {
    const envelope = await sequentialEnvelope();
    const envelopeId = envelope.envelope_id;
    const sent = await server.call('POST', `/api/v2.0/envelopes/${envelopeId}/upload_supporting_document`, {
      token,
      body: { documents: [{ name: 'terms.pdf', content_base64: Buffer.from(await makePdf({ pages: 1 })).toString('base64') }] },
    });
    assert.equal(sent.status, 201);

    const ada = await tokenFor(server, envelopeId, envelope.recipients.signers[0]!.recipient_id);
    const unused = await upload(ada, 'first-try.png', makePng(8, 8));
    assert.equal(unused.status, 201);
    const used = await upload(ada, 'utility-bill.pdf', pdf);
    const adaField = await attachmentFieldOf(ada);
    const signed = await server.call('POST', `/api/v2.0/signing/${ada}/sign`, {
      body: signBody({ fields: [{ field_id: adaField.field_id, value: used.body.data.attachment_id }] }),
    });
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
    // Too late to upload once signed.
    const late = await upload(ada, 'late.pdf', pdf);
    assert.equal(late.status, 409);
    assert.deepEqual(codes(late.body), ['ALREADY_SIGNED']);

    const grace = await tokenFor(server, envelopeId, envelope.recipients.signers[1]!.recipient_id);
    const graceView = await server.call('GET', `/api/v2.0/signing/${grace}`);
    const adaMarks = graceView.body.data.signed_by_others[0].fields as { type: string; value: string | null }[];
    assert.equal(
      adaMarks.find((field) => field.type === 'attachment')?.value,
      'utility-bill.pdf',
      'the next signer sees the file name, not the upload id',
    );
    const graceSigned = await server.call('POST', `/api/v2.0/signing/${grace}/sign`, { body: signBody() });
    assert.equal(graceSigned.status, 200, JSON.stringify(graceSigned.body));
    assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');

    const listed = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/list_supporting_document`, { token });
    assert.equal(listed.status, 200);
    assert.deepEqual(
      listed.body.data.supporting_documents.map((d: Record<string, unknown>) => [d.name, d.uploaded_by, d.sha256]),
      [
        ['terms.pdf', 'sender', listed.body.data.supporting_documents[0].sha256],
        ['utility-bill.pdf', ADA, sha256Hex(pdf)],
      ],
    );
    assert.equal(listed.body.data.supporting_documents[1].supporting_document_id, used.body.data.attachment_id);
    const downloaded = await server.call(
      'GET',
      `/api/v2.0/envelopes/${envelopeId}/supportingdocuments/${used.body.data.attachment_id}/download`,
      { token },
    );
    assert.equal(downloaded.status, 200);
    assert.equal(sha256Hex(Buffer.from(downloaded.body.data.content_base64, 'base64')), sha256Hex(pdf));

    const documents = await server.service.ctx.db
      .selectFrom('documents')
      .selectAll()
      .where('envelope_id', '=', envelopeId)
      .orderBy('position')
      .execute();
    const sealed = (await server.service.ctx.blobs.get(documents[1]!.sealed_sha256!))!;
    assert.match(await embeddedFiles(sealed), /utility-bill\.pdf/);
    assert.doesNotMatch(await embeddedFiles(sealed), /first-try\.png/);
    assert.match(await pdfsig(sealed), /Signature is Valid/);
    const text = await pdfText(sealed);
    assert.match(text, /utility-bill\.pdf/);
    assert.ok(text.replace(/\s+/g, '').includes(sha256Hex(pdf)), 'the certificate lists the SHA-256');
    const certificate = (await server.service.ctx.blobs.get(documents[0]!.sha256))!;
    const certificateText = await pdfText(certificate);
    assert.match(certificateText, /utility-bill\.pdf/);
    assert.ok(certificateText.replace(/\s+/g, '').includes(sha256Hex(pdf)));

    const leftovers = await server.service.ctx.db
      .selectFrom('signer_attachments')
      .select('id')
      .where('envelope_id', '=', envelopeId)
      .execute();
    assert.deepEqual(leftovers, [], 'the unused upload is forgotten on completion');
  });

  it('forgets the uploads of an envelope that ends without them at the next maintenance', async () => {
    const envelope = await sequentialEnvelope();
    const ada = await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id);
    assert.equal((await upload(ada, 'bill.pdf', pdf)).status, 201);
    const declined = await server.call('POST', `/api/v2.0/signing/${ada}/decline`, { body: { reason: 'Not today' } });
    assert.equal(declined.status, 200);
    const { runMaintenance } = await import('../../../src/app/jobs/maintenance.js');
    await runMaintenance(server.service.ctx);
    const rows = await server.service.ctx.db
      .selectFrom('signer_attachments')
      .select('id')
      .where('envelope_id', '=', envelope.envelope_id)
      .execute();
    assert.deepEqual(rows, []);
  });
});
