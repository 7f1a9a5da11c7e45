import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { assertError } from '../../support/test-server.js';
import { createTemplate, fromTemplateRequest, ndaRoles, pdf, templateRequest, uploadFiles } from './template-requests.js';

describeOnEachDatabase('templates (docs/concepts/templates.md)', (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const action = (templateId: string, name: string, accessToken = token) =>
    server.call('PUT', `/api/v2.0/templates/${templateId}/action/${name}`, { token: accessToken });

  it('creates an Active template with 201, also under /template/create', async () => {
    for (const path of ['/api/v2.0/templates/create', '/api/v2.0/template/create']) {
      const response = await server.call('POST', path, { token, body: await templateRequest() });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      assert.equal(response.body.message, 'Template created successfully.');
      const data = response.body.data;
      assert.match(data.template_id, /^tpl_/);
      assert.deepEqual([data.name, data.status], ['NDA', 'Active']);
      assert.deepEqual(
        data.roles.signers.map((r: { signer_title: string }) => r.signer_title),
        ['Client', 'Provider'],
      );
      assert.equal(data.documents[0].pages, 2);
    }
  });

  it('rejects a role field outside the page with 400 and its path', async () => {
    const body = await templateRequest();
    body.roles.signers[1]!.fields[0]!.x = 5000;
    const response = await server.call('POST', '/api/v2.0/templates/create', { token, body });
    assert.equal(response.status, 400);
    assert.ok(
      response.body.errors.some((e: { field: string }) => e.field.startsWith('roles.signers[1].fields[0]')),
      JSON.stringify(response.body),
    );
  });

  it('rejects two roles with one title with 400 DUPLICATE_SIGNER_TITLE', async () => {
    const body = await templateRequest();
    body.roles.signers[1]!.signer_title = 'Client';
    const response = await server.call('POST', '/api/v2.0/templates/create', { token, body });
    assert.equal(response.status, 400);
    assert.deepEqual(
      [response.body.errors[0].error_code, response.body.errors[0].field],
      ['DUPLICATE_SIGNER_TITLE', 'roles.signers[1].signer_title'],
    );
  });

  it('rejects a role without a title with 400 SIGNER_TITLE_IS_REQUIRED', async () => {
    const body = await templateRequest();
    body.roles.signers[0]!.signer_title = '';
    const response = await server.call('POST', '/api/v2.0/templates/create', { token, body });
    assert.equal(response.status, 400);
    assert.equal(response.body.errors[0].error_code, 'SIGNER_TITLE_IS_REQUIRED');
  });

  it('rejects invalid setting defaults with 400', async () => {
    const response = await server.call('POST', '/api/v2.0/templates/create', {
      token,
      body: await templateRequest({ sign_process_flow: 'Sideways' }),
    });
    assert.equal(response.status, 400);
    assert.equal(response.body.errors[0].field, 'template.sign_process_flow');
  });

  it('creates a template from uploaded template files, each usable once', async () => {
    const upload = await uploadFiles(server, token, '/templates/upload_file', [{ name: 'nda.pdf', bytes: await pdf() }]);
    assert.equal(upload.status, 201);
    const fileId = upload.body.data.files[0].file_id;
    const body = { template: { name: 'Uploaded NDA' }, file_ids: [fileId], roles: ndaRoles() };
    const created = await server.call('POST', '/api/v2.0/templates/create_with_files', { token, body });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.deepEqual([created.body.data.status, created.body.data.documents[0].sha256], ['Active', upload.body.data.files[0].sha256]);
    const again = await server.call('POST', '/api/v2.0/templates/create_with_files', { token, body });
    assert.equal(again.status, 400);
    assert.equal(again.body.errors[0].error_code, 'FILE_NOT_FOUND');
  });

  it('answers 400 FILE_NOT_FOUND for an envelope upload or a foreign upload in templates/create_with_files', async () => {
    const other = await server.newAccount();
    const envelopeUpload = await uploadFiles(server, token, '/envelopes/upload_file', [{ name: 'a.pdf', bytes: await pdf() }]);
    const foreignUpload = await uploadFiles(server, other.accessToken, '/templates/upload_file', [{ name: 'b.pdf', bytes: await pdf() }]);
    const body = {
      template: { name: 'NDA' },
      file_ids: [envelopeUpload.body.data.files[0].file_id, foreignUpload.body.data.files[0].file_id],
      roles: ndaRoles(),
    };
    const response = await server.call('POST', '/api/v2.0/templates/create_with_files', { token, body });
    assert.equal(response.status, 400);
    assert.deepEqual(
      response.body.errors.map((e: { error_code: string; field: string }) => [e.error_code, e.field]),
      [
        ['FILE_NOT_FOUND', 'file_ids[0]'],
        ['FILE_NOT_FOUND', 'file_ids[1]'],
      ],
    );
  });

  it("lists only the account's templates, newest first, with page, page_size and total", async () => {
    const account = await server.newAccount();
    const first = await createTemplate(server, account.accessToken, { name: 'First' });
    server.clock.advanceSeconds(1);
    const second = await createTemplate(server, account.accessToken, { name: 'Second' });
    const response = await server.call('GET', '/api/v2.0/templates/list?page=1&pageSize=1', { token: account.accessToken });
    assert.equal(response.status, 200);
    assert.deepEqual(
      { ...response.body.data, templates: response.body.data.templates.map((t: { template_id: string }) => t.template_id) },
      { templates: [second.template_id], page: 1, page_size: 1, total: 2 },
    );
    const secondPage = await server.call('GET', '/api/v2.0/templates/list?page=2&pageSize=1', { token: account.accessToken });
    assert.equal(secondPage.body.data.templates[0].template_id, first.template_id);
    assert.deepEqual(Object.keys(secondPage.body.data.templates[0]).sort(), ['created_at', 'name', 'roles', 'status', 'template_id']);
  });

  for (const query of ['page=0', 'pageSize=0', 'pageSize=101', 'page=x']) {
    it(`rejects ${query} with 400 INVALID_PAGINATION`, async () => {
      const response = await server.call('GET', `/api/v2.0/templates/list?${query}`, { token });
      assert.equal(response.status, 400);
      assert.equal(response.body.errors[0].error_code, 'INVALID_PAGINATION');
    });
  }

  it('deactivates and activates a template', async () => {
    const { template_id } = await createTemplate(server, token);
    const deactivated = await action(template_id, 'deactivate');
    assert.equal(deactivated.status, 200);
    assert.deepEqual([deactivated.body.message, deactivated.body.data.status], ['Template deactivated.', 'Inactive']);
    const activated = await action(template_id, 'activate');
    assert.deepEqual([activated.body.message, activated.body.data.status], ['Template activated.', 'Active']);
  });

  it('rejects an unknown action with 400 INVALID_TEMPLATE_ACTION', async () => {
    const { template_id } = await createTemplate(server, token);
    const response = await action(template_id, 'archive');
    assert.equal(response.status, 400);
    assert.equal(response.body.errors[0].error_code, 'INVALID_TEMPLATE_ACTION');
  });

  it('deletes a template: 404 TEMPLATE_NOT_FOUND afterwards, its envelopes unaffected', async () => {
    const { template_id } = await createTemplate(server, token);
    const envelope = await server.call('POST', '/api/v2.0/envelopes/create_with_template', {
      token,
      body: fromTemplateRequest(template_id),
    });
    assert.equal(envelope.status, 201);
    const deleted = await action(template_id, 'delete');
    assert.deepEqual([deleted.status, deleted.body.data.deleted], [200, true]);
    for (const name of ['activate', 'delete']) {
      const response = await action(template_id, name);
      assert.equal(response.status, 404);
      assert.equal(response.body.errors[0].error_code, 'TEMPLATE_NOT_FOUND');
    }
    const list = await server.call('GET', '/api/v2.0/templates/list?pageSize=100', { token });
    assert.ok(!list.body.data.templates.some((t: { template_id: string }) => t.template_id === template_id));
    const reused = await server.call('POST', '/api/v2.0/envelopes/create_with_template', { token, body: fromTemplateRequest(template_id) });
    assertError(reused, 404, 'TEMPLATE_NOT_FOUND');
    const documents = await server.service.ctx.db
      .selectFrom('documents')
      .select('sha256')
      .where('envelope_id', '=', envelope.body.data.envelope_id)
      .execute();
    assert.equal(documents.length, 1);
    assert.ok(await server.service.ctx.blobs.get(documents[0]!.sha256));
  });

  it("answers 404 TEMPLATE_NOT_FOUND for another account's template", async () => {
    const other = await server.newAccount();
    const { template_id } = await createTemplate(server, other.accessToken);
    for (const name of ['activate', 'deactivate', 'delete']) {
      const response = await action(template_id, name);
      assert.equal(response.status, 404);
      assert.equal(response.body.errors[0].error_code, 'TEMPLATE_NOT_FOUND');
    }
    assert.equal((await action(template_id, 'activate', other.accessToken)).status, 200);
  });
});
