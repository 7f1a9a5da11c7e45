import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { verifySealedPdf } from '@countersign/verify';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { firstDocumentPdf, signingViewOf, type ViewField } from '../../support/brought-fields.js';
import { rowCount } from '../../support/row-count.js';
import {
  FORM_WIDGETS,
  annotationSubtypes,
  formFieldsOf,
  makeFormPdf,
  makeNotePdf,
  seenOnQuarterTurn,
  seenUpright,
  type UserRect,
} from '../../support/form-pdfs.js';
import { pdfText, pdfsig } from '../../unit/pdf/poppler.js';
import { signBody, waitForCompletion } from '../signing/signing-helpers.js';
import { uploadFiles } from '../templates/template-requests.js';

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

const closeTo = (field: ViewField, expected: UserRect) => {
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    assert.ok(Math.abs(field[key] - expected[key]) < 0.01, `${field.placeholder}.${key}: ${field[key]} is not ${expected[key]}`);
  }
};

/** The radio group's one field covers both buttons. */
const paymentBox = (): UserRect => {
  const { payCard, payCash } = FORM_WIDGETS;
  return { x: payCard.x, y: payCard.y, width: payCash.x + payCash.width - payCard.x, height: payCard.height };
};

const signers = () => [
  { name: 'Ada Lovelace', email: 'ada@example.test' },
  { name: 'Grace Hopper', email: 'grace@example.test' },
];

/** Every buyer field to the first signer (by position, and one by e-mail), the signature to the second. */
const FULL_MAP = { 'buyer.*': 1, payment: 'ada@example.test', country: 1, 'seller.*': 2 };

const codes = (body: { errors: { error_code: string; field?: string }[] }) => body.errors.map((e) => [e.error_code, e.field]);

describeOnEachDatabase('PDF form fields imported (docs/api/form-fields.md)', (server) => {
  let token: string;
  let formPdf: Uint8Array;
  before(async () => {
    token = (await server.newAccount()).accessToken;
    formPdf = await makeFormPdf();
  });

  const create = (document: Record<string, unknown>, signerEntries: unknown[] = signers()) =>
    server.call('POST', '/api/v2.0/envelopes/create', {
      token,
      body: {
        envelope: { name: 'Purchase agreement' },
        documents: [{ name: 'Purchase.pdf', content_base64: base64(formPdf), ...document }],
        recipients: { signers: signerEntries },
      },
    });

  it("imports the form's fields for the signers the map names, at their widgets' rectangles, with the PDF's values", async () => {
    const created = await create({ form_fields: 'import', form_field_map: FULL_MAP });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { envelope_id: envelopeId, recipients } = created.body.data;
    const [ada, grace] = recipients.signers as { recipient_id: string }[];

    const adaFields = (await signingViewOf(server, envelopeId, ada!.recipient_id)).fields;
    assert.deepEqual(
      adaFields.map((f) => [f.placeholder, f.type, f.document, f.page, f.default_value, f.options, f.required, f.editable]),
      [
        ['buyer.name', 'text', 1, 1, 'Ada Lovelace', null, false, true],
        ['buyer.agree', 'checkbox', 1, 1, 'true', null, false, true],
        ['payment', 'radio', 1, 1, 'Cash', ['Card', 'Cash'], false, true],
        ['country', 'dropdown', 1, 1, 'Japan', ['France', 'Japan'], false, true],
      ],
    );
    closeTo(adaFields[0]!, seenUpright(FORM_WIDGETS.name));
    closeTo(adaFields[1]!, seenUpright(FORM_WIDGETS.agree));
    closeTo(adaFields[2]!, seenUpright(paymentBox()));
    closeTo(adaFields[3]!, seenUpright(FORM_WIDGETS.country));

    // The signature field sits on the rotated page 2, measured from the top-left corner of the page as seen.
    const graceFields = (await signingViewOf(server, envelopeId, grace!.recipient_id)).fields;
    assert.deepEqual(
      graceFields.map((f) => [f.placeholder, f.type, f.page, f.required]),
      [['seller.signature', 'signature', 2, true]],
    );
    closeTo(graceFields[0]!, seenOnQuarterTurn(FORM_WIDGETS.signature));

    // The document the signers see has no form left: our fields take the widgets' places, nothing is drawn twice.
    const stored = await firstDocumentPdf(server, token, envelopeId, false);
    assert.deepEqual(await formFieldsOf(stored), []);
    assert.deepEqual(await annotationSubtypes(stored), {});
    assert.match(await pdfText(stored), /Purchase agreement/);
    assert.doesNotMatch(await pdfText(stored), /Ada Lovelace/);
  });

  it("seals a flattened PDF: no form field but the seal's signature, the values in the page, and the seal verifies", async () => {
    const created = await create({ form_fields: 'import', form_field_map: FULL_MAP });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { envelope_id: envelopeId, recipients } = created.body.data;
    for (const signer of recipients.signers as { recipient_id: string }[]) {
      const { signingToken, fields } = await signingViewOf(server, envelopeId, signer.recipient_id);
      const country = fields.find((f) => f.placeholder === 'country');
      const body = signBody(country ? { fields: [{ field_id: country.field_id, value: 'France' }] } : {});
      const signed = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body });
      assert.equal(signed.status, 200, JSON.stringify(signed.body));
    }
    assert.equal((await waitForCompletion(server, envelopeId, 60_000)).status, 'Completed');
    const sealed = await firstDocumentPdf(server, token, envelopeId, true);
    const fields = await formFieldsOf(sealed);
    assert.equal(fields.length, 1, JSON.stringify(fields));
    assert.equal(fields[0]!.type, 'signature');
    const text = (await pdfText(sealed)).replace(/\s+/g, ' ');
    assert.match(text, /Ada Lovelace/);
    assert.match(text, /France/);
    assert.match(text, /Cash/);
    assert.match(await pdfsig(sealed), /Signature is Valid/);
    assert.equal((await verifySealedPdf(sealed)).valid, true);
  });

  it('answers 400 FORM_FIELD_UNASSIGNED naming every form field no key maps, and creates nothing', async () => {
    const before = await rowCount(server, 'envelopes');
    const response = await create({ form_fields: 'import', form_field_map: { 'buyer.name': 1 } });
    assert.equal(response.status, 400);
    assert.deepEqual(
      codes(response.body),
      ['buyer.agree', 'payment', 'country', 'seller.signature'].map(() => ['FORM_FIELD_UNASSIGNED', 'documents[0].form_field_map']),
    );
    const named = response.body.errors.map((e: { developer_message: string }) => /"([^"]+)"/.exec(e.developer_message)?.[1]);
    assert.deepEqual(named, ['buyer.agree', 'payment', 'country', 'seller.signature']);
    assert.equal(await rowCount(server, 'envelopes'), before);
  });

  it('answers 400 for a map that cannot be followed: a value naming no signer, a field for an approver, a map without import', async () => {
    const unknown = await create({ form_fields: 'import', form_field_map: { ...FULL_MAP, 'seller.*': 'Seller' } });
    assert.equal(unknown.status, 400);
    assert.deepEqual(codes(unknown.body), [['SIGNER_TITLE_NOT_FOUND', 'documents[0].form_field_map["seller.*"]']]);
    assert.match(unknown.body.errors[0].developer_message, /no signer has the signer_title \(or e-mail\) "Seller"/);
    const outOfRange = await create({ form_fields: 'import', form_field_map: { ...FULL_MAP, 'seller.*': 7 } });
    assert.deepEqual(codes(outOfRange.body), [['SIGNER_TITLE_NOT_FOUND', 'documents[0].form_field_map["seller.*"]']]);
    assert.match(outOfRange.body.errors[0].developer_message, /signer 7 does not exist: the request has 2 signers/);

    const approver = await create({ form_fields: 'import', form_field_map: { ...FULL_MAP, 'seller.*': 3 } }, [
      ...signers(),
      { name: 'Alan Turing', email: 'alan@example.test', role: 'approver' },
    ]);
    assert.deepEqual(codes(approver.body), [['FIELDS_NOT_ALLOWED', 'documents[0]']]);
    assert.match(
      approver.body.errors[0].developer_message,
      /^The form field "seller.signature" is assigned to an entry whose role, approver, fills no field/,
    );

    const ignored = await create({ form_field_map: FULL_MAP });
    assert.deepEqual(codes(ignored.body), [['INVALID_FIELD', 'documents[0].form_field_map']]);
  });

  it("answers a brought field's problem at its document, naming the form field: a placeholder the signer's own field already has", async () => {
    const [ada, grace] = signers();
    const response = await create({ form_fields: 'import', form_field_map: FULL_MAP }, [
      { ...ada, fields: [{ type: 'text', placeholder: 'country', page: 1, x: 300, y: 300, width: 100, height: 20 }] },
      grace,
    ]);
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), [['DUPLICATE_FIELD_PLACEHOLDER', 'documents[0]']]);
    assert.match(response.body.errors[0].developer_message, /^The form field "country": The placeholder "country" is already used/);
  });

  it("flattens at sealing a form the sender left as drawn (form_fields ignore): its values stay in the page, no field but the seal's", async () => {
    const created = await server.call('POST', '/api/v2.0/envelopes/create', {
      token,
      body: {
        envelope: { name: 'Delivery' },
        documents: [{ name: 'Note.pdf', content_base64: base64(await makeNotePdf()) }],
        recipients: {
          signers: [{ ...signers()[0], fields: [{ type: 'signature', page: 1, x: 72, y: 400, width: 160, height: 40 }] }],
        },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { envelope_id: envelopeId, recipients } = created.body.data;
    const unsigned = await firstDocumentPdf(server, token, envelopeId, false);
    assert.deepEqual(await formFieldsOf(unsigned), [{ name: 'note', type: 'text' }]);
    const { signingToken } = await signingViewOf(server, envelopeId, recipients.signers[0].recipient_id);
    assert.equal((await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() })).status, 200);
    assert.equal((await waitForCompletion(server, envelopeId, 60_000)).status, 'Completed');
    const sealed = await firstDocumentPdf(server, token, envelopeId, true);
    assert.deepEqual(
      (await formFieldsOf(sealed)).map((field) => field.type),
      ['signature'],
    );
    assert.match(await pdfText(sealed), /Handle with care/);
    assert.match(await pdfsig(sealed), /Signature is Valid/);
    assert.equal((await verifySealedPdf(sealed)).valid, true);
  });

  it('imports from an upload given as {file_id, form_fields, form_field_map}, beside a plain file_id', async () => {
    const uploaded = await uploadFiles(server, token, '/envelopes/upload_file', [
      { name: 'Note.pdf', bytes: await makeNotePdf() },
      { name: 'Purchase.pdf', bytes: formPdf },
    ]);
    assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
    const [note, purchase] = uploaded.body.data.files as { file_id: string }[];
    const created = await server.call('POST', '/api/v2.0/envelopes/create_with_files', {
      token,
      body: {
        envelope: { name: 'From uploads' },
        file_ids: [note!.file_id, { file_id: purchase!.file_id, form_fields: 'import', form_field_map: { '*': 1, 'seller.*': 2 } }],
        recipients: { signers: signers() },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { envelope_id: envelopeId, recipients } = created.body.data;
    const adaFields = (await signingViewOf(server, envelopeId, recipients.signers[0].recipient_id)).fields;
    assert.deepEqual(
      adaFields.map((f) => [f.placeholder, f.document]),
      [
        ['buyer.name', 2],
        ['buyer.agree', 2],
        ['payment', 2],
        ['country', 2],
      ],
    );
    closeTo(adaFields[0]!, seenUpright(FORM_WIDGETS.name));
  });

  it("imports a template document's form for its roles; envelopes from it get the fields and prefill them by the PDF's names", async () => {
    const template = await server.call('POST', '/api/v2.0/templates/create', {
      token,
      body: {
        template: { name: 'Purchase' },
        documents: [
          {
            name: 'Purchase.pdf',
            content_base64: base64(formPdf),
            form_fields: 'import',
            form_field_map: { 'buyer.*': 'Buyer', payment: 'Buyer', country: 1, 'seller.*': 'Seller' },
          },
        ],
        roles: { signers: [{ signer_title: 'Buyer' }, { signer_title: 'Seller' }] },
      },
    });
    assert.equal(template.status, 201, JSON.stringify(template.body));
    const templateId = template.body.data.template_id as string;
    const read = await server.call('GET', `/api/v2.0/templates/${templateId}`, { token });
    const roles = read.body.data.roles.signers as { signer_title: string; fields: { placeholder: string; x: number }[] }[];
    assert.deepEqual(
      roles.map((role) => [role.signer_title, role.fields.map((f) => f.placeholder)]),
      [
        ['Buyer', ['buyer.name', 'buyer.agree', 'payment', 'country']],
        ['Seller', ['seller.signature']],
      ],
    );
    const created = await server.call('POST', '/api/v2.0/envelopes/create_with_template', {
      token,
      body: {
        template_id: templateId,
        envelope: { name: 'Purchase from template' },
        recipients: {
          signers: [
            {
              signer_title: 'Buyer',
              ...signers()[0],
              form_fields: [{ placeholder: 'buyer.name', default_value: 'Grace Hopper', editable: false }],
            },
            { signer_title: 'Seller', ...signers()[1] },
          ],
        },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const adaFields = (await signingViewOf(server, created.body.data.envelope_id, created.body.data.recipients.signers[0].recipient_id))
      .fields;
    const name = adaFields.find((f) => f.placeholder === 'buyer.name')!;
    assert.deepEqual([name.default_value, name.editable], ['Grace Hopper', false]);
    closeTo(name, seenUpright(FORM_WIDGETS.name));
  });
});
