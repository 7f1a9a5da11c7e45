import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { PDF } from '@libpdf/core';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { assertError } from '../../support/test-server.js';
import { completeEnvelope, downloadPdf, oneDocumentRequest, sha256 } from '../../support/converted-documents.js';
import {
  DOCX_MEDIA_TYPE,
  makeDocx,
  makeHtml,
  makeImagePng,
  makeJpeg,
  makeOdt,
  makeRtf,
  ODT_MEDIA_TYPE,
} from '../../support/document-fixtures.js';
import { makePdf } from '../../support/pdf-fixtures.js';
import { pdfText } from '../../unit/pdf/poppler.js';
import { uploadFiles } from '../templates/template-requests.js';

const A4 = { width: 595.28, height: 841.89 };

const folded = async (bytes: Uint8Array) => (await pdfText(bytes)).replace(/\s+/g, ' ');

const firstPageSize = async (bytes: Uint8Array) => {
  const page = (await PDF.load(bytes)).getPage(0)!;
  return { width: Math.round(page.width * 100) / 100, height: Math.round(page.height * 100) / 100 };
};

describeOnEachDatabase('documents in other formats are converted to PDF (docs/api/conversion.md)', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  /** Creates an envelope of the document; its details, the PDF a download gives before signing, and the sealed copy. */
  const authorized = () => ({ authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2' });

  const createAndComplete = async (name: string, bytes: Uint8Array) => {
    const created = await server.call('POST', '/api/v2.0/envelopes/create', { token, body: oneDocumentRequest(name, bytes) });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const envelopeId = created.body.data.envelope_id as string;
    const details = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token });
    assert.equal(details.status, 200);
    const [document] = details.body.data.documents;
    const converted = await downloadPdf(server, token, envelopeId, document.document_id, false);
    await completeEnvelope(
      server,
      envelopeId,
      created.body.data.recipients.signers.map((s: { recipient_id: string }) => s.recipient_id),
    );
    const sealed = await downloadPdf(server, token, envelopeId, document.document_id);
    return { document, converted, sealed };
  };

  for (const { label, name, pdfName, make, mediaType, text } of [
    {
      label: 'a DOCX',
      name: 'Offer letter.docx',
      pdfName: 'Offer letter.pdf',
      make: makeDocx,
      mediaType: DOCX_MEDIA_TYPE,
      text: 'Offer to Ada from Word',
    },
    {
      label: 'an ODT',
      name: 'Lease.odt',
      pdfName: 'Lease.pdf',
      make: makeOdt,
      mediaType: ODT_MEDIA_TYPE,
      text: 'Lease of the Writer flat',
    },
    { label: 'an RTF', name: 'Terms.rtf', pdfName: 'Terms.pdf', make: makeRtf, mediaType: 'application/rtf', text: 'Terms in rich text' },
    {
      label: 'an HTML page',
      name: 'Quote.html',
      pdfName: 'Quote.pdf',
      make: makeHtml,
      mediaType: 'text/html',
      text: 'Quote from the web page',
    },
  ]) {
    it(`converts ${label} to PDF: named .pdf, listed with its original, downloaded and sealed as a PDF with its text`, async () => {
      const bytes = make([text, 'Second paragraph']);
      const { document, converted, sealed } = await createAndComplete(name, bytes);
      assert.equal(document.name, pdfName);
      assert.deepEqual(document.original, { name, media_type: mediaType, sha256: sha256(bytes) });
      assert.equal(document.sha256, sha256(converted), 'the document is the converted PDF');
      assert.equal(document.pages, 1);
      assert.ok((await folded(converted)).includes(text), await folded(converted));
      assert.ok((await folded(sealed)).includes(text), 'the sealed PDF has the text');
      assert.ok(
        (await server.service.ctx.blobs.get(document.original.sha256))?.every((byte, i) => byte === bytes[i]),
        'the original is kept',
      );
    });
  }

  it('converts a PNG to one A4 page turned to its shape, and seals it', async () => {
    const png = makeImagePng(600, 200);
    const { document, sealed } = await createAndComplete('Scan.png', png);
    assert.deepEqual(
      { name: document.name, pages: document.pages, original: document.original },
      { name: 'Scan.pdf', pages: 1, original: { name: 'Scan.png', media_type: 'image/png', sha256: sha256(png) } },
    );
    assert.deepEqual(await firstPageSize(sealed), { width: A4.height, height: A4.width });
  });

  it('converts a JPEG to one A4 page and seals it', async () => {
    const jpeg = await makeJpeg(200, 300);
    const { document, sealed } = await createAndComplete('Photo.jpg', jpeg);
    assert.deepEqual(
      { name: document.name, pages: document.pages, original: document.original },
      { name: 'Photo.pdf', pages: 1, original: { name: 'Photo.jpg', media_type: 'image/jpeg', sha256: sha256(jpeg) } },
    );
    assert.deepEqual(await firstPageSize(sealed), A4);
  });

  it('lists null as the original of a document given as PDF', async () => {
    const created = await server.call('POST', '/api/v2.0/envelopes/create', {
      token,
      body: oneDocumentRequest('plain.pdf', await makePdf()),
    });
    assert.equal(created.status, 201);
    const details = await server.call('GET', `/api/v2.0/envelopes/${created.body.data.envelope_id}/details`, { token });
    assert.equal(details.body.data.documents[0].original, null);
    assert.equal(details.body.data.documents[0].name, 'plain.pdf');
  });

  it('reads an upload by its content, not its name or type: a DOCX sent as "terms.pdf" is converted, and its envelope lists the original', async () => {
    const docx = makeDocx(['Uploaded terms of service']);
    const uploaded = await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'terms.pdf', bytes: docx }]);
    assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
    const [file] = uploaded.body.data.files;
    assert.deepEqual(file.original, { name: 'terms.pdf', media_type: DOCX_MEDIA_TYPE, sha256: sha256(docx) });
    assert.equal(file.name, 'terms.pdf');
    // Its PDF, for a composer to show before the envelope exists; only in its own kind of uploads.
    const pdf = await fetch(`${server.url}/api/v2.0/envelopes/upload_file/${file.file_id}`, { headers: authorized() });
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.equal(sha256(new Uint8Array(await pdf.arrayBuffer())), file.sha256);
    const elsewhere = await server.call('GET', `/api/v2.0/templates/upload_file/${file.file_id}`, { token });
    assertError(elsewhere, 404, 'DOCUMENT_NOT_FOUND');
    const { envelope, documents: _documents, recipients } = oneDocumentRequest('unused', docx);
    const created = await server.call('POST', '/api/v2.0/envelopes/create_with_files', {
      token,
      body: { envelope, file_ids: [file.file_id], recipients },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const details = await server.call('GET', `/api/v2.0/envelopes/${created.body.data.envelope_id}/details`, { token });
    assert.deepEqual(details.body.data.documents[0].original, file.original);
    assert.equal(details.body.data.documents[0].sha256, file.sha256);
    assertError(await server.call('GET', `/api/v2.0/envelopes/upload_file/${file.file_id}`, { token }), 404, 'DOCUMENT_NOT_FOUND');
  });

  it('reads the text tags of a converted Word upload: the tag becomes a field, the tag leaves the PDF, the original stays listed', async () => {
    const docx = makeDocx(['Agreement between the parties', 'Buyer: {{signature:1}}']);
    const uploaded = await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'agreement.docx', bytes: docx }]);
    assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
    const [file] = uploaded.body.data.files;
    const created = await server.call('POST', '/api/v2.0/envelopes/create_with_files', {
      token,
      body: {
        envelope: { name: 'Tagged agreement' },
        file_ids: [{ file_id: file.file_id, text_tags: true }],
        recipients: { signers: [{ name: 'Ada Lovelace', email: 'ada@example.test' }] },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const envelopeId = created.body.data.envelope_id as string;
    const details = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token });
    const [document] = details.body.data.documents;
    assert.deepEqual(document.original, { name: 'agreement.docx', media_type: DOCX_MEDIA_TYPE, sha256: sha256(docx) });
    const text = await folded(await downloadPdf(server, token, envelopeId, document.document_id, false));
    assert.match(text, /Agreement between the parties/);
    assert.doesNotMatch(text, /\{\{/);
    const signers = created.body.data.recipients.signers as { recipient_id: string }[];
    const fields = await server.service.ctx.db
      .selectFrom('fields')
      .select('type')
      .where('recipient_id', '=', signers[0]!.recipient_id)
      .execute();
    assert.deepEqual(
      fields.map((field) => field.type),
      ['signature'],
    );
  });

  it('converts a template’s document, lists its original in the template’s details and in the envelopes made from it', async () => {
    const jpeg = await makeJpeg(300, 200);
    const template = await server.call('POST', '/api/v2.0/templates/create', {
      token,
      body: {
        template: { name: 'Photo release' },
        documents: [{ name: 'release.jpeg', content_base64: jpeg.toString('base64') }],
        roles: { signers: [{ signer_title: 'Model', fields: [{ type: 'signature', page: 1, x: 72, y: 72, width: 160, height: 40 }] }] },
      },
    });
    assert.equal(template.status, 201, JSON.stringify(template.body));
    const original = { name: 'release.jpeg', media_type: 'image/jpeg', sha256: sha256(jpeg) };
    assert.deepEqual(template.body.data.documents[0].original, original);
    const detail = await server.call('GET', `/api/v2.0/templates/${template.body.data.template_id}`, { token });
    assert.deepEqual(detail.body.data.documents[0].original, original);
    assert.deepEqual(detail.body.data.documents[0].page_sizes, [{ width: A4.height, height: A4.width }]);

    const created = await server.call('POST', '/api/v2.0/envelopes/create_with_template', {
      token,
      body: {
        template_id: template.body.data.template_id,
        envelope: { name: 'Photo release for Ada' },
        recipients: { signers: [{ signer_title: 'Model', name: 'Ada Lovelace', email: 'ada@example.test' }] },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const details = await server.call('GET', `/api/v2.0/envelopes/${created.body.data.envelope_id}/details`, { token });
    assert.deepEqual(details.body.data.documents[0].original, original);
    assert.equal(details.body.data.documents[0].name, 'release.pdf');
  });
});
