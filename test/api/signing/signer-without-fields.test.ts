import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { PDF } from '@libpdf/core';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { fromTemplateRequest, ndaRoles, templateRequest } from '../templates/template-requests.js';
import { signBody, tokenFor, waitForCompletion } from './signing-helpers.js';

const withField = {
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
};
const without = { name: 'Grace Hopper', email: 'Grace@Example.test' };

describeOnEachDatabase('a signer given no field: a warning and a signature page (POST /envelopes/create…)', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const pageCountOf = async (bytes: Uint8Array) => (await PDF.load(bytes)).getPageCount();

  it('answers 201 with a SIGNER_WITHOUT_FIELDS warning and gives that signer a signature field on a page appended to the last document', async () => {
    const body = await envelopeRequest({ signers: [withField, without] });
    const response = await server.call('POST', '/api/v2.0/envelopes/create', { token, body });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const data = response.body.data;
    assert.equal(data.warnings.length, 1);
    assert.equal(data.warnings[0].code, 'SIGNER_WITHOUT_FIELDS');
    assert.equal(data.warnings[0].signer_email, 'grace@example.test');
    assert.match(data.warnings[0].message, /Grace Hopper.*signature page/);
    assert.equal(data.documents[0].pages, 3, 'the two pages sent and the signature page');

    const grace = data.recipients.signers[1];
    const signingToken = await tokenFor(server, data.envelope_id, grace.recipient_id);
    const page = await server.call('GET', `/api/v2.0/signing/${signingToken}`, { noAppAuthType: true });
    assert.deepEqual(
      page.body.data.fields.map((f: { type: string; document: number; page: number; required: boolean }) => [
        f.type,
        f.document,
        f.page,
        f.required,
      ]),
      [['signature', 1, 3, true]],
    );
    const pdf = await fetch(`${server.url}/api/v2.0/signing/${signingToken}/documents/${data.documents[0].document_id}`);
    assert.equal(await pageCountOf(new Uint8Array(await pdf.arrayBuffer())), 3);

    // Both sign; the sealed document carries the signature page, followed by the certificate.
    for (const signer of data.recipients.signers) {
      const signerToken = await tokenFor(server, data.envelope_id, signer.recipient_id);
      assert.equal((await server.call('POST', `/api/v2.0/signing/${signerToken}/sign`, { body: signBody() })).status, 200);
    }
    assert.equal((await waitForCompletion(server, data.envelope_id)).status, 'Completed');
  });

  it('answers an empty warnings array when every signer has a field', async () => {
    const response = await server.call('POST', '/api/v2.0/envelopes/create', { token, body: await envelopeRequest() });
    assert.equal(response.status, 201);
    assert.deepEqual(response.body.data.warnings, []);
    assert.equal(response.body.data.documents[0].pages, 2);
  });

  it('puts every fieldless signer on the signature page of the last document, one line each', async () => {
    const body = await envelopeRequest({
      signers: [withField, without, { name: 'Alan Turing', email: 'alan.t@example.test', fields: [] }],
    });
    body.documents.push({ ...body.documents[0]!, name: 'annex.pdf' });
    const response = await server.call('POST', '/api/v2.0/envelopes/create', { token, body });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const data = response.body.data;
    assert.deepEqual(
      data.warnings.map((w: { signer_email: string }) => w.signer_email),
      ['grace@example.test', 'alan.t@example.test'],
    );
    assert.deepEqual(
      data.documents.map((d: { pages: number }) => d.pages),
      [2, 3],
    );
    const fields = await server.service.ctx.db
      .selectFrom('fields')
      .select(['document', 'page', 'y', 'type'])
      .where('envelope_id', '=', data.envelope_id)
      .where('document', '=', 2)
      .orderBy('y')
      .execute();
    assert.equal(fields.length, 2);
    assert.ok(fields.every((f) => f.page === 3 && f.type === 'signature'));
    assert.ok(fields[1]!.y > fields[0]!.y + 40, 'one under the other');
  });

  it('warns the same way for an envelope created from a template whose role has no field', async () => {
    const roles = ndaRoles();
    roles.signers[1] = { ...roles.signers[1]!, fields: [] };
    const template = await server.call('POST', '/api/v2.0/templates/create', { token, body: { ...(await templateRequest()), roles } });
    assert.equal(template.status, 201, JSON.stringify(template.body));
    const response = await server.call('POST', '/api/v2.0/envelopes/create_with_template', {
      token,
      body: fromTemplateRequest(template.body.data.template_id),
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    assert.equal(response.body.data.warnings[0].code, 'SIGNER_WITHOUT_FIELDS');
    assert.equal(response.body.data.documents[0].pages, 3);
  });
});
