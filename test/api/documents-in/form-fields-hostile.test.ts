import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { Value } from 'typebox/value';
import { ErrorBody } from '../../../src/http/schema-kit.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { formFieldsOf, makeLoopingFormPdf, makeManyFieldsPdf } from '../../support/form-pdfs.js';
import { pdfsig } from '../../unit/pdf/poppler.js';
import { signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';

const codes = (body: { errors: { error_code: string; field?: string }[] }) => body.errors.map((e) => [e.error_code, e.field]);

describeOnEachDatabase('hostile PDF forms are bounded (docs/api/form-fields.md)', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const create = (bytes: Uint8Array, intake: Record<string, unknown>) =>
    server.call('POST', '/api/v2.0/envelopes/create', {
      token,
      body: {
        envelope: { name: 'Hostile form' },
        documents: [{ name: 'Form.pdf', content_base64: Buffer.from(bytes).toString('base64'), ...intake }],
        recipients: {
          signers: [
            {
              name: 'Ada Lovelace',
              email: 'ada@example.test',
              fields: [{ type: 'signature', page: 1, x: 300, y: 300, width: 160, height: 40 }],
            },
          ],
        },
      },
    });

  it('answers 400 INVALID_PDF for a form whose field tree loops, at the document', async () => {
    const response = await create(await makeLoopingFormPdf(), { form_fields: 'import', form_field_map: { '*': 1 } });
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), [['INVALID_PDF', 'documents[0]']]);
    assert.match(response.body.errors[0].developer_message, /refers back to itself/);
  });

  it('answers 400 TOO_MANY_FIELDS for a form of more widgets than an envelope holds fields (2000), promptly', async () => {
    const started = Date.now();
    const response = await create(await makeManyFieldsPdf(2001), { form_fields: 'import', form_field_map: { '*': 1 } });
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), [['TOO_MANY_FIELDS', 'documents[0]']]);
    assert.ok(Date.now() - started < 20_000, `took ${Date.now() - started} ms`);
  });

  it("answers 400 TOO_MANY_FIELDS when a form's fields, all within the form's bound, overrun a signer's 200", async () => {
    const response = await create(await makeManyFieldsPdf(201), { form_fields: 'import', form_field_map: { '*': 1 } });
    assert.equal(response.status, 400);
    assert.deepEqual(codes(response.body), [['TOO_MANY_FIELDS', 'recipients.signers[0].fields']]);
  });

  it('answers 400 FORM_FIELD_UNASSIGNED once for each of 300 fields no key matches, every one listed in a body the error schema holds', async () => {
    const response = await create(await makeManyFieldsPdf(300), { form_fields: 'import', form_field_map: { 'other*': 1 } });
    assert.equal(response.status, 400);
    const unassigned = codes(response.body).filter(([code]) => code === 'FORM_FIELD_UNASSIGNED');
    assert.equal(unassigned.length, 300, JSON.stringify(codes(response.body).slice(0, 5)));
    assert.ok(unassigned.every(([, field]) => field === 'documents[0].form_field_map'));
    assert.ok(
      Value.Check(ErrorBody, response.body),
      [...Value.Errors(ErrorBody, response.body)]
        .slice(0, 3)
        .map((e) => e.message)
        .join('; '),
    );
  });

  it("seals a document whose looping form was left as drawn: the form is dropped, only the seal's signature remains", async () => {
    const created = await create(await makeLoopingFormPdf(), {});
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const { envelope_id: envelopeId, recipients } = created.body.data;
    const signingToken = await tokenFor(server, envelopeId, recipients.signers[0].recipient_id);
    assert.equal((await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() })).status, 200);
    assert.equal((await waitForCompletion(server, envelopeId, 60_000)).status, 'Completed');
    const document = await server.service.ctx.db
      .selectFrom('documents')
      .select('sealed_sha256')
      .where('envelope_id', '=', envelopeId)
      .where('position', '=', 1)
      .executeTakeFirstOrThrow();
    const sealed = (await server.service.ctx.blobs.get(document.sealed_sha256!))!;
    assert.deepEqual(
      (await formFieldsOf(sealed)).map((field) => field.type),
      ['signature'],
    );
    assert.match(await pdfsig(sealed), /Signature is Valid/);
  });
});
