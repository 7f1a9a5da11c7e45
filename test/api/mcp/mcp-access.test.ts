import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyRequest } from 'fastify';
import { dispatchOperation } from '../../../src/http/operation-dispatch.js';
import { defineTool, MCP_TOOLS } from '../../../src/http/routes/mcp/mcp-tools.js';
import { callTool as runTool } from '../../../src/http/routes/mcp/tool-call.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { signInNewConsoleUser } from '../../support/console-users.js';
import { createEnvelope, envelopeRequest } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import { assertToolError, callTool, connectMcp, dataOf, errorCodesOf, postMcp, toolCallMessage } from './mcp-client.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
};

describeOnEachDatabase('MCP: the same tokens, roles, isolation and error codes as the API', (server) => {
  let owner: { token: string; envelopeId: string; documentId: string };
  let intruder: Client;
  let ownerClient: Client;
  let senderToken: string;

  before(async () => {
    const account = await server.newAccount();
    const envelope = await createEnvelope(server, account.accessToken);
    owner = { token: account.accessToken, envelopeId: envelope.envelope_id, documentId: envelope.documents[0]!.document_id };
    ownerClient = await connectMcp(server, owner.token);
    intruder = await connectMcp(server, (await server.newAccount('enterprise')).accessToken);
    senderToken = (await signInNewConsoleUser(server, account.account_id, 'sender')).token;
  });
  after(async () => {
    await ownerClient.close();
    await intruder.close();
  });

  it('answers 401 INVALID_ACCESS_TOKEN in the contract body without a token, with a bad one, and to the SDK client', async () => {
    assertError(await postMcp(server, INITIALIZE, null), 401, 'INVALID_ACCESS_TOKEN');
    assertError(await postMcp(server, INITIALIZE, 'not-a-token'), 401, 'INVALID_ACCESS_TOKEN');
    assertError(
      await postMcp(server, toolCallMessage('get_envelope', { envelope_id: owner.envelopeId }), 'x'),
      401,
      'INVALID_ACCESS_TOKEN',
    );
    await assert.rejects(connectMcp(server, 'not-a-token'), /401|INVALID_ACCESS_TOKEN/);
  });

  it('takes the bearer token alone: no app_auth_type header is asked for', async () => {
    const answer = await postMcp(server, INITIALIZE, owner.token);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal(answer.body.result.serverInfo.name, 'countersign');
    assert.deepEqual(Object.keys(answer.body.result.capabilities).sort(), ['resources', 'tools']);
  });

  it("answers ENVELOPE_NOT_FOUND for another account's envelope on every tool that takes one, and changes nothing", async () => {
    const envelope_id = owner.envelopeId;
    for (const [name, args] of [
      ['get_envelope', { envelope_id }],
      ['get_envelope_history', { envelope_id }],
      ['remind_signer', { envelope_id, signer_email: 'ada@example.test' }],
      ['cancel_envelope', { envelope_id, cancel_reason: 'Not mine to cancel.' }],
      ['download_document', { envelope_id, document_id: owner.documentId, signed_only: false }],
    ] as const) {
      const result = await callTool(intruder, name, args);
      assert.deepEqual(errorCodesOf(result), ['ENVELOPE_NOT_FOUND'], name);
    }
    const unknown = await callTool(intruder, 'get_envelope', { envelope_id: 'env_doesNotExist0000000000' });
    assert.deepEqual(errorCodesOf(unknown), ['ENVELOPE_NOT_FOUND'], 'exactly like an unknown id');
    assert.equal(dataOf(await callTool(intruder, 'list_envelopes', {})).total, 0);
    await assert.rejects(
      intruder.readResource({ uri: `countersign://envelopes/${envelope_id}` }),
      (error: McpError) => error.code === -32002 && JSON.stringify(error.data).includes('"error_code":"ENVELOPE_NOT_FOUND"'),
    );
    await assert.rejects(
      intruder.readResource({ uri: `countersign://envelopes/${envelope_id}/documents/${owner.documentId}` }),
      (error: McpError) => error.code === -32002 && JSON.stringify(error.data).includes('"error_code":"ENVELOPE_NOT_FOUND"'),
    );
    const details = dataOf(await callTool(ownerClient, 'get_envelope', { envelope_id }));
    assert.equal(details.status, 'Sent', 'the cancel did not reach it');
  });

  it('answers validation problems as tool errors with the API’s codes and fields, every problem at once', async () => {
    const badEmail = await envelopeRequest({ signers: [{ name: 'Ada', email: 'not-an-address' }] });
    assert.equal(
      assertToolError(await callTool(ownerClient, 'create_envelope', badEmail), 'INVALID_FIELD').field,
      'recipients.signers[0].email',
    );
    const misspelt = { ...(await envelopeRequest()), envelop: {} };
    assert.equal(assertToolError(await callTool(ownerClient, 'create_envelope', misspelt), 'UNKNOWN_FIELD').field, 'envelop');
    assert.equal(
      assertToolError(await callTool(ownerClient, 'list_templates', { page_size: 500 }), 'INVALID_PAGINATION').field,
      'page_size',
    );
    assert.equal(assertToolError(await callTool(ownerClient, 'list_envelopes', { page_size: 0 }), 'INVALID_PAGINATION').field, 'page_size');
    assert.equal(assertToolError(await callTool(ownerClient, 'get_envelope', {}), 'FIELD_REQUIRED').field, 'envelope_id');
    assert.equal(
      assertToolError(await callTool(ownerClient, 'get_envelope', { envelope_id: 'a/b' }), 'INVALID_FIELD').field,
      'envelope_id',
    );
    assert.equal(
      assertToolError(await callTool(ownerClient, 'get_envelope_history', { envelope_id: owner.envelopeId, page: 1 }), 'UNKNOWN_FIELD')
        .field,
      'page',
    );
    assert.deepEqual(errorCodesOf(await callTool(ownerClient, 'remind_signer', {})).sort(), ['FIELD_REQUIRED', 'SIGNER_EMAIL_REQUIRED']);
    assert.deepEqual(errorCodesOf(await callTool(ownerClient, 'cancel_envelope', { envelope_id: owner.envelopeId })), [
      'CANCEL_REASON_REQUIRED',
    ]);
    const notYet = await callTool(ownerClient, 'download_document', { envelope_id: owner.envelopeId, document_id: owner.documentId });
    assert.deepEqual(errorCodesOf(notYet), ['ENVELOPE_NOT_COMPLETED']);
  });

  it('answers an unknown tool with a JSON-RPC error, and lists no tool for an admin operation', async () => {
    await assert.rejects(callTool(ownerClient, 'create_api_client', {}), /Unknown tool "create_api_client"/);
    const adminRoutes = server.service.server.accessRules.filter((rule) => rule.adminOnly).map((rule) => `${rule.method} ${rule.url}`);
    assert.ok(adminRoutes.length >= 20);
    const toolRoutes = MCP_TOOLS.map((tool) => `${tool.method} /api/v2.0${tool.route}`);
    for (const route of toolRoutes)
      assert.ok(
        server.service.server.accessRules.some((rule) => `${rule.method} ${rule.url}` === route),
        `${route} is routed`,
      );
    assert.deepEqual(
      toolRoutes.filter((route) => adminRoutes.includes(route)),
      [],
    );
  });

  it("lets a sender's console token use the tools, as the API does, and refuses it admin operations through the tools' own dispatch", async () => {
    const sender = await connectMcp(server, senderToken);
    try {
      assert.equal(dataOf(await callTool(sender, 'get_envelope', { envelope_id: owner.envelopeId })).status, 'Sent');
      assert.ok(dataOf(await callTool(sender, 'list_envelopes', {})).total >= 1);
    } finally {
      await sender.close();
    }
    // An admin-only operation (the API clients' list) run the way every tool runs its operation: the role is the API's.
    const listClients = defineTool({
      name: 'list_api_clients',
      title: 'API clients',
      description: "The account's API clients (an admin operation no tool offers).",
      annotations: { readOnlyHint: true },
      method: 'GET',
      route: '/account/clients',
    });
    const as = (token: string) =>
      ({ headers: { authorization: `Bearer ${token}` }, ip: '127.0.0.1', id: 'mcp-role-test' }) as FastifyRequest;
    const dispatchAs = (token: string) => (operation: Parameters<typeof dispatchOperation>[2]) =>
      dispatchOperation(server.service.server.app, as(token), operation);
    const refused = await runTool(dispatchAs(senderToken), listClients, {});
    assert.equal(refused.isError, true);
    assert.match((refused.content[0] as { text: string }).text, /"error_code":"ROLE_FORBIDDEN"/);
    const allowed = await runTool(dispatchAs(owner.token), listClients, {});
    assert.notEqual(allowed.isError, true, JSON.stringify(allowed));
    assert.ok(Array.isArray((allowed.structuredContent as { clients: unknown[] }).clients));
  });

  it('answers what is not one JSON-RPC request in the contract body: 405 for GET and DELETE, 400 for a batch or a non-message', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await server.call(method, '/mcp', { token: owner.token, noAppAuthType: true });
      assertError(answer, 405, 'METHOD_NOT_ALLOWED');
      assert.equal(answer.headers.get('allow'), 'POST');
    }
    assertError(await server.call('GET', '/mcp', { noAppAuthType: true }), 401, 'INVALID_ACCESS_TOKEN');
    const batch = await postMcp(server, [toolCallMessage('list_templates', {}), toolCallMessage('list_envelopes', {})], owner.token);
    assert.match(assertError(batch, 400, 'INVALID_REQUEST').developer_message, /batches are not accepted/);
    assertError(await postMcp(server, { hello: 'world' }, owner.token), 400, 'INVALID_REQUEST');
    assertError(await postMcp(server, INITIALIZE, owner.token, { 'content-type': 'text/plain' }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    assertError(await server.call('POST', '/mcp', { token: owner.token, noAppAuthType: true }), 400, 'INVALID_REQUEST');
  });
});
