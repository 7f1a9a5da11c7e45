import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { assertError } from '../../support/test-server.js';
import { createTemplate, ndaRoles } from './template-requests.js';

const codes = (body: { errors: { error_code: string }[] }) => body.errors.map((e) => e.error_code);

describeOnEachDatabase('GET, PUT /templates/{templateId} and its documents', (server) => {
  let token: string;

  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const get = (templateId: string, as = token) => server.call('GET', `/api/v2.0/templates/${templateId}`, { token: as });
  const put = (templateId: string, body: unknown, as = token) =>
    server.call('PUT', `/api/v2.0/templates/${templateId}`, { token: as, body });

  it('answers the template with its settings, roles with their fields, and documents with their page sizes', async () => {
    const { template_id } = await createTemplate(server, token);
    const response = await get(template_id);
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const data = response.body.data;
    assert.equal(data.template_id, template_id);
    assert.equal(data.name, 'NDA');
    assert.equal(data.description, 'Mutual NDA');
    assert.equal(data.status, 'Active');
    assert.deepEqual(data.settings, { sign_process_flow: 'Sequential', expiration_days: 10 });
    assert.deepEqual(data.roles, ndaRoles());
    assert.equal(data.documents.length, 1);
    assert.match(data.documents[0].document_id, /^doc_/);
    assert.equal(data.documents[0].name, 'nda.pdf');
    assert.equal(data.documents[0].page_count, 2);
    assert.deepEqual(data.documents[0].page_sizes, [
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ]);
  });

  it('answers the PDF bytes of a template document, and 404 DOCUMENT_NOT_FOUND for a document it lacks', async () => {
    const { template_id } = await createTemplate(server, token);
    const documentId = (await get(template_id)).body.data.documents[0].document_id;
    const response = await fetch(`${server.url}/api/v2.0/templates/${template_id}/documents/${documentId}`, {
      headers: { authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2' },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/pdf');
    assert.equal(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    const missing = await server.call('GET', `/api/v2.0/templates/${template_id}/documents/doc_unknown`, { token });
    assert.equal(missing.status, 404);
    assert.deepEqual(codes(missing.body), ['DOCUMENT_NOT_FOUND']);
  });

  it('changes the name, description and roles, and answers the template as GET does', async () => {
    const { template_id } = await createTemplate(server, token);
    const roles = {
      signers: [
        {
          signer_title: 'Buyer',
          signing_order: 1,
          fields: [{ type: 'date_signed', document: 1, page: 2, x: 300, y: 700, width: 100, height: 20 }],
        },
      ],
      observers: [],
    };
    const response = await put(template_id, { name: 'Purchase', description: 'Updated', roles });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.data.name, 'Purchase');
    assert.deepEqual(response.body.data.roles, roles);
    assert.deepEqual((await get(template_id)).body.data, response.body.data);
    const renamed = await put(template_id, { name: 'Purchase 2' });
    assert.equal(renamed.body.data.name, 'Purchase 2');
    assert.deepEqual(renamed.body.data.roles, roles);
  });

  it('creates envelopes from the edited roles', async () => {
    const { template_id } = await createTemplate(server, token);
    await put(template_id, {
      roles: { signers: [{ signer_title: 'Client', fields: [{ type: 'signature', page: 2, x: 10, y: 10, width: 100, height: 30 }] }] },
    });
    const created = await server.call('POST', '/api/v2.0/envelopes/create_with_template', {
      token,
      body: {
        template_id,
        envelope: { name: 'From edited' },
        recipients: { signers: [{ signer_title: 'Client', name: 'Ada Lovelace', email: 'ada@example.test' }] },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.data.recipients.signers.length, 1);
  });

  it('answers 400 for fields outside the document or its page, exactly as template creation does, and changes nothing', async () => {
    const { template_id } = await createTemplate(server, token);
    const response = await put(template_id, {
      roles: {
        signers: [
          {
            signer_title: 'Client',
            fields: [
              { type: 'signature', page: 3, x: 72, y: 600, width: 160, height: 40 },
              { type: 'signature', page: 1, x: 600, y: 600, width: 160, height: 40 },
            ],
          },
        ],
      },
    });
    assert.equal(response.status, 400, JSON.stringify(response.body));
    assert.deepEqual(codes(response.body), ['INVALID_FIELD_PAGE', 'FIELD_OUT_OF_BOUNDS']);
    assert.equal(response.body.errors[0].field, 'roles.signers[0].fields[0].page');
    assert.deepEqual((await get(template_id)).body.data.roles, ndaRoles());
  });

  it('answers 400 for duplicate role titles, an unknown field and an empty body', async () => {
    const { template_id } = await createTemplate(server, token);
    const twice = await put(template_id, { roles: { signers: [{ signer_title: 'A' }, { signer_title: 'A' }] } });
    assert.equal(twice.status, 400);
    assert.deepEqual(codes(twice.body), ['DUPLICATE_SIGNER_TITLE']);
    const unknown = await put(template_id, { status: 'Inactive' });
    assert.equal(unknown.status, 400);
    assert.deepEqual(codes(unknown.body), ['UNKNOWN_FIELD']);
    const empty = await put(template_id, {});
    assert.equal(empty.status, 400);
    assert.deepEqual(codes(empty.body), ['NOTHING_TO_UPDATE']);
  });

  it("answers 404 TEMPLATE_NOT_FOUND for another account's template, a deleted one and an unknown one", async () => {
    const { template_id } = await createTemplate(server, token);
    const other = (await server.newAccount()).accessToken;
    for (const response of [await get(template_id, other), await put(template_id, { name: 'Mine' }, other), await get('tpl_unknown')]) {
      assert.equal(response.status, 404);
      assert.deepEqual(codes(response.body), ['TEMPLATE_NOT_FOUND']);
    }
    await server.call('PUT', `/api/v2.0/templates/${template_id}/action/delete`, { token });
    const deleted = await get(template_id);
    assert.equal(deleted.status, 404);
    assert.deepEqual(codes(deleted.body), ['TEMPLATE_NOT_FOUND']);
    assertError(await get(template_id), 404, 'TEMPLATE_NOT_FOUND');
  });
});
