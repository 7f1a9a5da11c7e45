import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { makeCorruptPdf, makePdf } from '../../support/pdf-fixtures.js';
import type { ApiResponse } from '../../support/test-server.js';
import { uploadFiles } from '../templates/template-requests.js';

const codesOf = (response: ApiResponse): string[] => response.body.errors.map((e: { error_code: string }) => e.error_code).sort();
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
/** A PDF no other test stores: its bytes, and so its hash, are its own. */
const uniquePdf = (pages = 1) => makePdf({ pages, text: `placement ${randomUUID()}` });

/** A signature field that fits a Letter page (612 × 792 points). */
const inside = { type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 };
/** One that runs off the right edge. */
const outside = { type: 'signature', page: 1, x: 560, y: 600, width: 160, height: 40 };

const signer = (email: string, fields: unknown[] = [inside]) => ({ name: 'Ada Lovelace', email, fields });

// Finding 10 of issue 8: placement problems came in a second answer, after the recipients' (docs/api/conventions.md).
describeOnEachDatabase(
  'contract: recipient and field placement problems of a create request in one answer (docs/api/conventions.md)',
  (server) => {
    let token: string;
    let templateId: string;
    before(async () => {
      ({ accessToken: token } = await server.newAccount());
      const template = await server.call('POST', '/api/v2.0/templates/create', {
        token,
        body: {
          template: { name: 'Consent', sign_process_flow: 'Sequential' },
          documents: [{ name: 'consent.pdf', content_base64: base64(await makePdf({ pages: 1 })) }],
          roles: {
            signers: [
              {
                signer_title: 'Client',
                signing_order: 1,
                fields: [inside, { type: 'checkbox', page: 1, x: 72, y: 500, width: 14, height: 14, placeholder: 'agree' }],
              },
              { signer_title: 'Provider', signing_order: 2, fields: [{ ...inside, y: 400 }] },
            ],
          },
        },
      });
      assert.equal(template.status, 201, JSON.stringify(template.body));
      templateId = template.body.data.template_id;
    });

    const stored = async (bytes: Uint8Array) => (await server.service.ctx.blobs.get(sha256(bytes))) !== undefined;

    const createWith = async (bytes: Uint8Array, signers: unknown[], accessToken = token) => {
      const body = await envelopeRequest({ signers: signers as never });
      return server.call('POST', '/api/v2.0/envelopes/create', {
        token: accessToken,
        body: { ...body, documents: [{ name: 'agreement.pdf', content_base64: base64(bytes) }] },
      });
    };

    it('answers 400 with DUPLICATE_SIGNER and FIELD_OUT_OF_BOUNDS together to POST /envelopes/create, and writes no bytes', async () => {
      const bytes = await uniquePdf();
      const response = await createWith(bytes, [signer('ada@example.test'), signer('ADA@example.test', [outside])]);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.deepEqual(codesOf(response), ['DUPLICATE_SIGNER', 'FIELD_OUT_OF_BOUNDS']);
      assert.equal(response.body.message, 'The request is invalid.');
      const fields = response.body.errors.map((e: { field?: string }) => e.field).sort();
      assert.deepEqual(fields, ['recipients.signers[1].email', 'recipients.signers[1].fields[0].x']);
      assert.equal(await stored(bytes), false);
    });

    it('answers recipient problems with every placement problem: pages, documents and anchors', async () => {
      const bytes = await uniquePdf();
      const response = await createWith(bytes, [
        signer('grace@example.test', [{ ...inside, page: 3 }]),
        signer('grace@example.test', [
          { ...inside, document: 2 },
          { type: 'signature', anchor: { text: 'no such anchor text' } },
        ]),
      ]);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.deepEqual(codesOf(response), ['ANCHOR_NOT_FOUND', 'DUPLICATE_SIGNER', 'INVALID_FIELD_DOCUMENT', 'INVALID_FIELD_PAGE']);
      assert.equal(await stored(bytes), false);
    });

    it('answers a document that cannot be read together with the recipient problems', async () => {
      const response = await createWith(makeCorruptPdf(), [signer('linus@example.test'), signer('linus@example.test')]);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.deepEqual(codesOf(response), ['DUPLICATE_SIGNER', 'INVALID_PDF']);
    });

    it('answers placement problems of an account over its quota without writing bytes', async () => {
      const free = await server.newAccount('free');
      assert.equal((await createWith(await uniquePdf(), [signer('first@example.test')], free.accessToken)).status, 201);
      const bytes = await uniquePdf();
      const response = await createWith(bytes, [signer('x@example.test'), signer('x@example.test', [outside])], free.accessToken);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.deepEqual(codesOf(response), ['DUPLICATE_SIGNER', 'FIELD_OUT_OF_BOUNDS']);
      assert.equal(await stored(bytes), false);
    });

    it('creates the envelope, and stores its document, once the request has no problem', async () => {
      const bytes = await uniquePdf();
      const response = await createWith(bytes, [signer('valid@example.test')]);
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(await stored(bytes), true);
    });

    it('answers 400 with DUPLICATE_SIGNER and FIELD_OUT_OF_BOUNDS together to POST /envelopes/create_with_files', async () => {
      const upload = await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'upload.pdf', bytes: await uniquePdf() }]);
      assert.equal(upload.status, 201, JSON.stringify(upload.body));
      const fileId: string = upload.body.data.files[0].file_id;
      const call = (signers: unknown[], fileIds = [fileId]) =>
        server.call('POST', '/api/v2.0/envelopes/create_with_files', {
          token,
          body: { envelope: { name: 'From files' }, file_ids: fileIds, recipients: { signers } },
        });

      const response = await call([signer('hedy@example.test', [outside]), signer('hedy@example.test')]);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.deepEqual(codesOf(response), ['DUPLICATE_SIGNER', 'FIELD_OUT_OF_BOUNDS']);

      const unknownFile = await call([signer('hedy@example.test'), signer('hedy@example.test')], ['file_unknown']);
      assert.equal(unknownFile.status, 400, JSON.stringify(unknownFile.body));
      assert.deepEqual(codesOf(unknownFile), ['DUPLICATE_SIGNER', 'FILE_NOT_FOUND']);

      const valid = await call([signer('hedy@example.test')]);
      assert.equal(valid.status, 201, 'the rejected requests left the upload unused');
    });

    const fromTemplate = (signers: unknown[]) =>
      server.call('POST', '/api/v2.0/envelopes/create_with_template', {
        token,
        body: { template_id: templateId, envelope: { name: 'Consent of Ada' }, recipients: { signers } },
      });

    it('answers DUPLICATE_SIGNER with a bad form field and its default value together to create_with_template', async () => {
      const response = await fromTemplate([
        {
          signer_title: 'Client',
          name: 'Ada',
          email: 'ada@example.test',
          form_fields: [
            { placeholder: 'agree', default_value: 'perhaps', editable: true },
            { placeholder: 'no_such_field', default_value: 'x', editable: true },
          ],
        },
        { signer_title: 'Provider', name: 'Ada', email: 'ada@example.test' },
      ]);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.deepEqual(codesOf(response), ['DUPLICATE_SIGNER', 'FORM_FIELD_NOT_FOUND', 'INVALID_FIELD_DEFAULT_VALUE']);
    });

    it('answers role problems with recipient problems together to create_with_template', async () => {
      const response = await fromTemplate([
        { signer_title: 'Client', name: 'Ada', email: 'ada@example.test' },
        { signer_title: 'Vendor', name: 'Ada', email: 'ADA@example.test' },
      ]);
      assert.equal(response.status, 400, JSON.stringify(response.body));
      assert.deepEqual(codesOf(response), ['DUPLICATE_SIGNER', 'SIGNER_ROLE_MISSING', 'SIGNER_TITLE_NOT_FOUND']);
      const duplicate = response.body.errors.find((e: { error_code: string }) => e.error_code === 'DUPLICATE_SIGNER');
      assert.equal(duplicate.field, 'recipients.signers[1].email', 'problems keep the index of the request’s signer');
    });
  },
  { env: { PLAN_QUOTAS: 'free=1' } },
);
