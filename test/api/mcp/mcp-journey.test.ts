import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { EmbeddedResource } from '@modelcontextprotocol/sdk/types.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';
import { signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';
import { createTemplate, fromTemplateRequest } from '../templates/template-requests.js';
import { callTool, connectMcp, dataOf } from './mcp-client.js';

const TOOLS = [
  'cancel_envelope',
  'create_envelope',
  'create_envelope_from_template',
  'download_document',
  'get_envelope',
  'get_envelope_history',
  'list_envelopes',
  'list_templates',
  'remind_signer',
];

describeOnEachDatabase('MCP: an agent creates, tracks and downloads envelopes through /mcp with the SDK client', (server) => {
  let token: string;
  let client: Client;
  let templateId: string;

  before(async () => {
    token = (await server.newAccount()).accessToken;
    templateId = (await createTemplate(server, token)).template_id;
    client = await connectMcp(server, token);
  });
  after(() => client.close());

  it('offers the nine tools, each with a JSON input schema taken from its operation', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), TOOLS);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.inputSchema.additionalProperties, false, tool.name);
      assert.ok(tool.description && tool.description.length > 20, tool.name);
    }
    const schema = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema as Record<string, any>;
    assert.deepEqual(Object.keys(schema('list_templates').properties), ['page', 'page_size']);
    assert.equal(schema('list_templates').properties.page_size.maximum, 100);
    assert.deepEqual(schema('get_envelope').required, ['envelope_id']);
    assert.deepEqual(schema('remind_signer').required.sort(), ['envelope_id', 'signer_email']);
    assert.deepEqual(schema('cancel_envelope').required.sort(), ['cancel_reason', 'envelope_id']);
    assert.deepEqual(schema('download_document').required.sort(), ['document_id', 'envelope_id']);
    assert.equal(schema('download_document').properties.signed_only.type, 'boolean');
    // The create tools take the API's own bodies: the same keys as the operations' bodies in /openapi.json.
    const openapi = (await server.call('GET', '/openapi.json')).body;
    const bodyOf = (path: string) => openapi.paths[path].post.requestBody.content['application/json'].schema;
    for (const [tool, path] of [
      ['create_envelope', '/api/v2.0/envelopes/create'],
      ['create_envelope_from_template', '/api/v2.0/envelopes/create_with_template'],
      ['list_envelopes', '/api/v2.0/envelopes/list'],
    ] as const) {
      assert.deepEqual(Object.keys(schema(tool).properties), Object.keys(bodyOf(path).properties), tool);
      assert.deepEqual(schema(tool).properties.recipients ?? null, bodyOf(path).properties.recipients ?? null, tool);
    }
  });

  it('lists the templates, sends an envelope from one and from a base64 PDF, tracks, reminds and cancels them', async () => {
    const templates = dataOf(await callTool(client, 'list_templates', { page: 1, page_size: 10 }));
    assert.deepEqual(
      templates.templates.map((t: { template_id: string }) => t.template_id),
      [templateId],
    );
    assert.deepEqual(
      templates.templates[0].roles.signers.map((s: { signer_title: string }) => s.signer_title),
      ['Client', 'Provider'],
    );

    const fromTemplate = dataOf(await callTool(client, 'create_envelope_from_template', fromTemplateRequest(templateId)));
    assert.match(fromTemplate.envelope_id, /^env_/);
    const fromPdf = dataOf(await callTool(client, 'create_envelope', await envelopeRequest({ envelope: { name: 'MCP agreement' } })));
    assert.match(fromPdf.envelope_id, /^env_/);
    assert.equal(fromPdf.documents.length, 1);

    const details = dataOf(await callTool(client, 'get_envelope', { envelope_id: fromPdf.envelope_id }));
    assert.equal(details.name, 'MCP agreement');
    assert.equal(details.status, 'Sent');
    assert.deepEqual(
      details.recipients.signers.map((s: { email: string; status: string }) => [s.email, s.status]),
      [
        ['ada@example.test', 'Sent'],
        ['grace@example.test', 'Sent'],
      ],
    );
    // The tool answers exactly what the API's own operation answers.
    const direct = await server.call('GET', `/api/v2.0/envelopes/${fromPdf.envelope_id}/details`, { token });
    assert.deepEqual(details, direct.body.data);

    const listed = dataOf(await callTool(client, 'list_envelopes', { sort: { field: 'name', order: 'asc' } }));
    assert.equal(listed.total, 2);
    assert.deepEqual(
      listed.envelopes.map((e: { name: string }) => e.name),
      ['MCP agreement', 'NDA with Initech'],
    );
    const filtered = dataOf(await callTool(client, 'list_envelopes', { filters: { template_id: templateId } }));
    assert.deepEqual(
      filtered.envelopes.map((e: { envelope_id: string }) => e.envelope_id),
      [fromTemplate.envelope_id],
    );

    assert.deepEqual(
      dataOf(await callTool(client, 'remind_signer', { envelope_id: fromPdf.envelope_id, signer_email: 'ada@example.test' })),
      {},
    );

    const cancelled = dataOf(
      await callTool(client, 'cancel_envelope', { envelope_id: fromTemplate.envelope_id, cancel_reason: 'Sent by mistake.' }),
    );
    assert.deepEqual([cancelled.status, cancelled.cancel_reason], ['Cancelled', 'Sent by mistake.']);

    // The reminder's mail, and its ledger entry, leave with the job worker.
    await server.service.worker.drain();
    const history = dataOf(await callTool(client, 'get_envelope_history', { envelope_id: fromPdf.envelope_id }));
    const activities = history.history.map((entry: { activity_type: string }) => entry.activity_type);
    assert.ok(activities.includes('REMINDER_SENT'), activities.join(', '));
    const cancelledHistory = dataOf(await callTool(client, 'get_envelope_history', { envelope_id: fromTemplate.envelope_id }));
    assert.equal(cancelledHistory.history.at(-1).activity_type, 'ENVELOPE_CANCELLED');
  });

  it('downloads the sealed PDF of a completed envelope as an embedded base64 resource, readable again by its URI', async () => {
    const created = dataOf(await callTool(client, 'create_envelope', await envelopeRequest()));
    const envelopeId: string = created.envelope_id;
    const documentId: string = created.documents[0].document_id;
    const early = await callTool(client, 'download_document', { envelope_id: envelopeId, document_id: documentId });
    assert.equal(early.isError, true, 'no signed copy before completion');

    for (const signer of created.recipients.signers) {
      const signingToken = await tokenFor(server, envelopeId, signer.recipient_id);
      const signed = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() });
      assert.equal(signed.status, 200, JSON.stringify(signed.body));
    }
    assert.equal((await waitForCompletion(server, envelopeId)).status, 'Completed');
    assert.equal(dataOf(await callTool(client, 'get_envelope', { envelope_id: envelopeId })).status, 'Completed');

    const result = await callTool(client, 'download_document', { envelope_id: envelopeId, document_id: documentId });
    const about = dataOf(result);
    assert.deepEqual([about.envelope_id, about.document_id, about.signed], [envelopeId, documentId, true]);
    assert.equal(about.content_base64, undefined, 'the bytes travel once, in the resource');
    const embedded = result.content[1] as EmbeddedResource;
    assert.equal(embedded.type, 'resource');
    const uri = `countersign://envelopes/${envelopeId}/documents/${documentId}`;
    assert.equal(embedded.resource.uri, uri);
    assert.equal(embedded.resource.mimeType, 'application/pdf');
    const pdf = Buffer.from((embedded.resource as { blob: string }).blob, 'base64');
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
    const stored = await server.service.ctx.db
      .selectFrom('documents')
      .select('sealed_sha256')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    assert.equal(createHash('sha256').update(pdf).digest('hex'), stored.sealed_sha256, 'the sealed copy, byte for byte');

    const read = await client.readResource({ uri });
    assert.deepEqual(read.contents, [{ uri, mimeType: 'application/pdf', blob: pdf.toString('base64') }]);
    const certificate = await callTool(client, 'download_document', { envelope_id: envelopeId, document_id: 'certificate' });
    assert.equal((certificate.content[1] as EmbeddedResource).resource.mimeType, 'application/pdf');
  });

  it("reads an envelope's details as a resource, and lists the account's envelopes as resources", async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    assert.deepEqual(
      resourceTemplates.map((template) => template.uriTemplate),
      ['countersign://envelopes/{envelope_id}', 'countersign://envelopes/{envelope_id}/documents/{document_id}'],
    );
    const created = dataOf(await callTool(client, 'create_envelope', await envelopeRequest({ envelope: { name: 'As a resource' } })));
    const uri = `countersign://envelopes/${created.envelope_id}`;
    const read = await client.readResource({ uri });
    assert.equal(read.contents.length, 1);
    assert.equal(read.contents[0]!.mimeType, 'application/json');
    assert.deepEqual(
      JSON.parse((read.contents[0] as { text: string }).text),
      dataOf(await callTool(client, 'get_envelope', { envelope_id: created.envelope_id })),
    );
    const { resources } = await client.listResources();
    const listed = resources.find((resource) => resource.uri === uri);
    assert.equal(listed?.title, 'As a resource');
    const { total } = dataOf(await callTool(client, 'list_envelopes', {}));
    assert.ok(total >= 2);
    assert.equal(resources.length, total, 'every envelope of the account: one page of up to 100');
  });
});
