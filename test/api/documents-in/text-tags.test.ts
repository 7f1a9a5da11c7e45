import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { verifySealedPdf } from '@countersign/verify';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { firstDocumentPdf, signingViewOf, type ViewField } from '../../support/brought-fields.js';
import { rowCount } from '../../support/row-count.js';
import { helveticaAscent, helveticaDescent, helveticaWidth, pdfWithLines, type DrawnLine } from '../../support/text-tag-fixtures.js';
import { pdfText, pdfsig } from '../../unit/pdf/poppler.js';
import { signBody, waitForCompletion } from '../signing/signing-helpers.js';
import { uploadFiles } from '../templates/template-requests.js';

interface Expected {
  x: number;
  y: number;
  width: number;
  height: number;
}

const PAGE_HEIGHT = 792;
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const glyphHeight = (size: number) => helveticaAscent(size) + helveticaDescent(size);

/** Where a tag drawn in Helvetica at the end of `before` on the baseline `y` puts its field: over its glyphs. */
const overGlyphs = (before: string, tag: string, y: number, size = 12, x = 72): Expected => ({
  x: x + helveticaWidth(before, size),
  y: PAGE_HEIGHT - y - helveticaAscent(size),
  width: helveticaWidth(tag, size),
  height: glyphHeight(size),
});

/** With w and h: standing on the baseline from where the tag starts. */
const onBaseline = (before: string, y: number, width: number, height: number, size = 12, x = 72): Expected => ({
  x: x + helveticaWidth(before, size),
  y: PAGE_HEIGHT - y - height,
  width,
  height,
});

const near = (field: ViewField | undefined, expected: Expected) => {
  assert.ok(field, 'the field exists');
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    assert.ok(Math.abs(field[key] - expected[key]) <= 0.5, `${field.type} ${key}: ${field[key]} is not within 0.5 pt of ${expected[key]}`);
  }
};

/** A purchase agreement whose tags give fields to two signers: the first by position and e-mail, the second by position. */
const AGREEMENT: DrawnLine[] = [
  { text: 'Purchase agreement', x: 72, y: 720, size: 16 },
  { text: 'Buyer signs here: {{signature:1;w=160;h=40}}', x: 72, y: 600, size: 12 },
  { text: 'Date: {{date:ada@example.test}} Company: {{text:2;name=company;w=180;default=ACME Ltd}}', x: 72, y: 540, size: 12 },
  { text: 'I agree {{checkbox:1;required}} and initial {{initials:2;optional}} here.', x: 72, y: 500, size: 12 },
  { text: 'Colour: {{dropdown:2;options=Red|Green|Blue;default=Green}}', x: 72, y: 460, size: 12 },
  { text: 'Seller signs: {{ Signature : 2 ; h=30 }} thank you.', x: 72, y: 300, size: 12, page: 2 },
];

const signers = () => [
  { name: 'Ada Lovelace', email: 'ada@example.test' },
  { name: 'Grace Hopper', email: 'grace@example.test' },
];

const codes = (body: { errors: { error_code: string; field?: string }[] }) => body.errors.map((e) => [e.error_code, e.field]);

describeOnEachDatabase('text tags become fields and disappear from the document (docs/api/text-tags.md)', (server) => {
  let token: string;
  let agreement: Uint8Array;
  before(async () => {
    token = (await server.newAccount()).accessToken;
    agreement = await pdfWithLines(AGREEMENT, 2);
  });

  const create = (document: Record<string, unknown>, signerEntries: unknown[] = signers(), bytes = agreement) =>
    server.call('POST', '/api/v2.0/envelopes/create', {
      token,
      body: {
        envelope: { name: 'Purchase agreement' },
        documents: [{ name: 'Purchase.pdf', content_base64: base64(bytes), ...document }],
        recipients: { signers: signerEntries },
      },
    });

  it('places a field where each tag was, for the signer it names, with its options; the signers never see the tags', async () => {
    const created = await create({ text_tags: true });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { envelope_id: envelopeId, recipients } = created.body.data;
    const [ada, grace] = recipients.signers as { recipient_id: string }[];

    const adaFields = (await signingViewOf(server, envelopeId, ada!.recipient_id)).fields;
    assert.deepEqual(
      adaFields.map((f) => [f.type, f.document, f.page, f.required, f.placeholder, f.name, f.default_value]),
      [
        ['signature', 1, 1, true, null, null, null],
        ['date_signed', 1, 1, false, null, null, null],
        ['checkbox', 1, 1, true, null, null, null],
      ],
    );
    near(adaFields[0], onBaseline('Buyer signs here: ', 600, 160, 40));
    near(adaFields[1], overGlyphs('Date: ', '{{date:ada@example.test}}', 540));
    near(adaFields[2], overGlyphs('I agree ', '{{checkbox:1;required}}', 500));

    const graceFields = (await signingViewOf(server, envelopeId, grace!.recipient_id)).fields;
    assert.deepEqual(
      graceFields.map((f) => [f.type, f.page, f.required, f.placeholder, f.name, f.default_value, f.options]),
      [
        ['text', 1, false, 'company', 'company', 'ACME Ltd', null],
        ['initials', 1, false, null, null, null, null],
        ['dropdown', 1, false, null, null, 'Green', ['Red', 'Green', 'Blue']],
        ['signature', 2, true, null, null, null, null],
      ],
    );
    // w alone: the glyphs' height, standing on the baseline.
    near(graceFields[0], onBaseline('Date: {{date:ada@example.test}} Company: ', 540, 180, glyphHeight(12)));
    near(graceFields[1], overGlyphs('I agree {{checkbox:1;required}} and initial ', '{{initials:2;optional}}', 500));
    near(graceFields[2], overGlyphs('Colour: ', '{{dropdown:2;options=Red|Green|Blue;default=Green}}', 460));
    near(graceFields[3], onBaseline('Seller signs: ', 300, helveticaWidth('{{ Signature : 2 ; h=30 }}', 12), 30));

    const stored = await firstDocumentPdf(server, token, envelopeId, false);
    const text = await pdfText(stored);
    assert.ok(!text.includes('{{') && !text.includes('}}'), text);
    assert.match(text, /Buyer signs here:\s+Date:\s+Company:/);
    assert.match(text, /Seller signs:\s+thank you\./);
  });

  it('signs and completes: the sealed PDF has the values, no tag text, and verifies', async () => {
    const created = await create({ text_tags: true });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { envelope_id: envelopeId, recipients } = created.body.data;
    for (const signer of recipients.signers as { recipient_id: string }[]) {
      const { signingToken, fields } = await signingViewOf(server, envelopeId, signer.recipient_id);
      const checkbox = fields.find((f) => f.type === 'checkbox');
      const values = checkbox ? [{ field_id: checkbox.field_id, value: true }] : [];
      const signed = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody({ fields: values }) });
      assert.equal(signed.status, 200, JSON.stringify(signed.body));
    }
    assert.equal((await waitForCompletion(server, envelopeId, 60_000)).status, 'Completed');
    const sealed = await firstDocumentPdf(server, token, envelopeId, true);
    const text = await pdfText(sealed);
    assert.ok(!text.includes('{{') && !text.includes('}}'), text);
    assert.match(text, /ACME Ltd/);
    assert.match(text, /Green/);
    assert.equal((await verifySealedPdf(sealed)).valid, true);
    assert.match(await pdfsig(sealed), /Signature is Valid/);
  });

  it("reads tags naming a template's roles by title; envelopes from it get the fields, prefilled by the tag's name", async () => {
    const document = await pdfWithLines([
      { text: 'Tenant: {{signature:Tenant;w=150;h=36}} Landlord: {{signature:Landlord}}', x: 72, y: 600, size: 12 },
      { text: 'Rent: {{number:Tenant;name=rent;w=80}} Start: {{date:Landlord}}', x: 72, y: 560, size: 12 },
    ]);
    const template = await server.call('POST', '/api/v2.0/templates/create', {
      token,
      body: {
        template: { name: 'Lease' },
        documents: [{ name: 'Lease.pdf', content_base64: base64(document), text_tags: true }],
        roles: { signers: [{ signer_title: 'Landlord' }, { signer_title: 'Tenant' }] },
      },
    });
    assert.equal(template.status, 201, JSON.stringify(template.body));
    const templateId = template.body.data.template_id as string;
    const read = await server.call('GET', `/api/v2.0/templates/${templateId}`, { token });
    const roles = read.body.data.roles.signers as { signer_title: string; fields: ViewField[] }[];
    assert.deepEqual(
      roles.map((role) => [role.signer_title, role.fields.map((f) => [f.type, f.placeholder ?? null])]),
      [
        [
          'Landlord',
          [
            ['signature', null],
            ['date_signed', null],
          ],
        ],
        [
          'Tenant',
          [
            ['signature', null],
            ['number', 'rent'],
          ],
        ],
      ],
    );
    near(roles[1]!.fields[0], onBaseline('Tenant: ', 600, 150, 36));
    near(roles[0]!.fields[0], overGlyphs('Tenant: {{signature:Tenant;w=150;h=36}} Landlord: ', '{{signature:Landlord}}', 600));

    const created = await server.call('POST', '/api/v2.0/envelopes/create_with_template', {
      token,
      body: {
        template_id: templateId,
        envelope: { name: 'Lease of flat 3' },
        recipients: {
          signers: [
            { signer_title: 'Landlord', ...signers()[0] },
            { signer_title: 'Tenant', ...signers()[1], form_fields: [{ placeholder: 'rent', default_value: '950', editable: true }] },
          ],
        },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { envelope_id: envelopeId, recipients } = created.body.data;
    const tenantFields = (await signingViewOf(server, envelopeId, recipients.signers[1].recipient_id)).fields;
    const rent = tenantFields.find((f) => f.placeholder === 'rent')!;
    assert.equal(rent.default_value, '950');
    near(rent, onBaseline('Rent: ', 560, 80, glyphHeight(12)));
    const text = await pdfText(await firstDocumentPdf(server, token, envelopeId, false));
    assert.ok(!text.includes('{{'), text);
  });

  it('reads the tags of an upload named in create_with_files with text_tags', async () => {
    const upload = await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'Purchase.pdf', bytes: agreement }]);
    assert.equal(upload.status, 201, JSON.stringify(upload.body));
    const created = await server.call('POST', '/api/v2.0/envelopes/create_with_files', {
      token,
      body: {
        envelope: { name: 'Purchase agreement' },
        file_ids: [{ file_id: upload.body.data.files[0].file_id, text_tags: true }],
        recipients: { signers: signers() },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { envelope_id: envelopeId, recipients } = created.body.data;
    const fields = (await signingViewOf(server, envelopeId, recipients.signers[0].recipient_id)).fields;
    assert.deepEqual(
      fields.map((f) => f.type),
      ['signature', 'date_signed', 'checkbox'],
    );
    assert.ok(!(await pdfText(await firstDocumentPdf(server, token, envelopeId, false))).includes('{{'));
  });

  it('leaves {{…}} as text, and the document as it came, without text_tags', async () => {
    const created = await create({}, [
      { ...signers()[0], fields: [{ type: 'signature', page: 1, x: 72, y: 72, width: 160, height: 40 }] },
      { ...signers()[1], fields: [{ type: 'signature', page: 1, x: 300, y: 72, width: 160, height: 40 }] },
    ]);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const stored = await firstDocumentPdf(server, token, created.body.data.envelope_id, false);
    assert.deepEqual(Buffer.from(stored), Buffer.from(agreement));
    const fields = (await signingViewOf(server, created.body.data.envelope_id, created.body.data.recipients.signers[0].recipient_id))
      .fields;
    assert.equal(fields.length, 1);
  });

  it('answers 400 INVALID_TEXT_TAG listing every bad tag with its page and text, and creates nothing', async () => {
    const bad = await pdfWithLines(
      [
        { text: 'One {{signatur:1}} two {{text:1;w=0}} three {{text:1;colour=red}}', x: 72, y: 700, size: 12 },
        { text: 'Unclosed {{date:1', x: 72, y: 680, size: 12 },
        { text: 'Fine {{signature:1}}', x: 72, y: 660, size: 12 },
        { text: 'Page two {{dropdown:2}} and {{text:2;h=900}}', x: 72, y: 400, size: 12, page: 2 },
      ],
      2,
    );
    const before = await rowCount(server, 'envelopes');
    const response = await server.call('POST', '/api/v2.0/envelopes/create', {
      token,
      body: {
        envelope: { name: 'Bad tags' },
        documents: [{ name: 'Bad.pdf', content_base64: base64(bad), text_tags: true }],
        recipients: { signers: signers() },
      },
    });
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.deepEqual(codes(response.body), Array(6).fill(['INVALID_TEXT_TAG', 'documents[0]']));
    const messages = response.body.errors.map((e: { developer_message: string }) => e.developer_message);
    for (const [page, tag, reason] of [
      [1, '{{signatur:1}}', '"signatur" is not a field type'],
      [1, '{{text:1;w=0}}', 'w must be a number of points from 1 to 14400'],
      [1, '{{text:1;colour=red}}', '"colour" is not an option'],
      [1, '{{date:1', 'no }} closes it on its line'],
      [2, '{{dropdown:2}}', 'a dropdown needs its choices'],
      [2, '{{text:2;h=900}}', 'does not fit inside the page'],
    ] as const) {
      assert.ok(
        messages.some((message: string) => message.startsWith(`The text tag ${tag} on page ${page}: `) && message.includes(reason)),
        `${tag} on page ${page}: ${reason}\n${messages.join('\n')}`,
      );
    }
    assert.equal(await rowCount(server, 'envelopes'), before);
  });

  it('answers 400 INVALID_TEXT_TAG for a tag naming signer 3 of 2, or a title no signer has', async () => {
    const tagged = await pdfWithLines([
      { text: 'Third {{signature:3}}', x: 72, y: 700, size: 12 },
      { text: 'Nobody {{initials:Notary}}', x: 72, y: 660, size: 12 },
    ]);
    const response = await server.call('POST', '/api/v2.0/envelopes/create', {
      token,
      body: {
        envelope: { name: 'Missing signer' },
        documents: [{ name: 'Missing.pdf', content_base64: base64(tagged), text_tags: true }],
        recipients: { signers: signers(), observers: [{ name: 'Alan Turing', email: 'alan@example.test' }] },
      },
    });
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.deepEqual(codes(response.body), [
      ['INVALID_TEXT_TAG', 'documents[0]'],
      ['INVALID_TEXT_TAG', 'documents[0]'],
    ]);
    const messages = response.body.errors.map((e: { developer_message: string }) => e.developer_message).join('\n');
    assert.match(messages, /The text tag \{\{signature:3\}\} on page 1: signer 3 does not exist: the request has 2 signers/);
    assert.match(messages, /The text tag \{\{initials:Notary\}\} on page 1: .*"Notary"/);
  });

  it("accepts a field shown only while a tag's checkbox is ticked, on an envelope and a template; a name no field has stays 400 UNKNOWN_CONDITION_FIELD", async () => {
    const tagged = await pdfWithLines([{ text: 'Add a guarantor {{checkbox:1;name=guarantor}}', x: 72, y: 700, size: 12 }]);
    const guarantorName = (showIf: string) => ({
      type: 'text',
      name: 'guarantor_name',
      page: 1,
      x: 72,
      y: 300,
      width: 200,
      height: 20,
      show_if: { field: showIf, equals: true },
    });
    const envelope = await create({ text_tags: true }, [{ ...signers()[0], fields: [guarantorName('guarantor')] }], tagged);
    assert.equal(envelope.status, 201, JSON.stringify(envelope.body));
    const { fields } = await signingViewOf(server, envelope.body.data.envelope_id, envelope.body.data.recipients.signers[0].recipient_id);
    assert.deepEqual(fields.map((field) => [field.type, field.name, field.show_if]).sort(), [
      ['checkbox', 'guarantor', null],
      ['text', 'guarantor_name', { field: 'guarantor', equals: true }],
    ]);
    const template = await server.call('POST', '/api/v2.0/templates/create', {
      token,
      body: {
        template: { name: 'Lease with a guarantor' },
        documents: [{ name: 'Lease.pdf', content_base64: base64(tagged), text_tags: true }],
        roles: { signers: [{ signer_title: 'Tenant', fields: [guarantorName('guarantor')] }] },
      },
    });
    assert.equal(template.status, 201, JSON.stringify(template.body));

    const unknown = await create({ text_tags: true }, [{ ...signers()[0], fields: [guarantorName('co_signer')] }], tagged);
    assert.equal(unknown.status, 400, JSON.stringify(unknown.body));
    assert.deepEqual(codes(unknown.body), [['UNKNOWN_CONDITION_FIELD', 'recipients.signers[0].fields[0].show_if.field']]);
  });

  it('answers 400 DUPLICATE_FIELD_NAME for two tags of one name, and FIELDS_NOT_ALLOWED for a tag of an approver', async () => {
    const tagged = await pdfWithLines([
      { text: 'Company {{text:1;name=company}} again {{text:2;name=company}}', x: 72, y: 700, size: 12 },
      { text: 'Approver {{initials:3}}', x: 72, y: 660, size: 12 },
    ]);
    const response = await create(
      { text_tags: true },
      [...signers(), { name: 'Mary Jackson', email: 'mary@example.test', role: 'approver' }],
      tagged,
    );
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.deepEqual(codes(response.body).sort(), [
      ['DUPLICATE_FIELD_NAME', 'documents[0]'],
      ['FIELDS_NOT_ALLOWED', 'documents[0]'],
    ]);
    const messages = response.body.errors.map((e: { developer_message: string }) => e.developer_message).join('\n');
    assert.match(messages, /The text tag \{\{text:2;name=company\}\} on page 1: .*"company"/);
    assert.match(messages, /The text tag \{\{initials:3\}\} on page 1 .*approver/);
  });

  it('bounds hostile documents: 10,000 tags are 400 TOO_MANY_FIELDS, a 100 KB tag is reported shortened, and the service keeps answering', async () => {
    const manyLines: DrawnLine[] = Array.from({ length: 2000 }, (_, i) => ({
      text: '{{text:1}} {{text:1}} {{text:1}} {{text:1}} {{text:1}}',
      x: 10,
      y: 780 - (i % 125) * 6,
      size: 5,
      page: 1 + Math.floor(i / 125),
    }));
    const many = await pdfWithLines(manyLines, 16);
    const pending = create({ text_tags: true }, signers(), many).then((response) => ({ response, at: Date.now() }));
    const health = await server.call('GET', '/healthz');
    const healthAt = Date.now();
    assert.equal(health.status, 200);
    const { response, at } = await pending;
    assert.ok(healthAt <= at, 'the service answered while the document was read');
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.deepEqual(codes(response.body), [['TOO_MANY_FIELDS', 'documents[0]']]);
    assert.match(response.body.errors[0].developer_message, /at most 2000 text tags/);

    const long = await pdfWithLines([{ text: `{{text:1;default=${'x'.repeat(100_000)}}}`, x: 10, y: 700, size: 1 }]);
    const refused = await create({ text_tags: true }, signers(), long);
    assert.equal(refused.status, 400, JSON.stringify(refused.body).slice(0, 500));
    assert.deepEqual(codes(refused.body), [['INVALID_TEXT_TAG', 'documents[0]']]);
    const message = refused.body.errors[0].developer_message as string;
    assert.match(message, /no \}\} closes it within 1000 characters/);
    assert.ok(message.length < 300, message);
  });
});
