import { createAccountClient } from '../../src/app/accounts/create-client.js';
import { issueSigningToken } from '../../src/app/signing/signing-tokens.js';
import { insertUser } from '../../src/infra/db/tables/users-table.js';
import { signInNewConsoleUser } from './console-users.js';
import { createEnvelope } from './envelopes.js';
import type { FuzzContext } from './fuzz-arbitraries.js';
import { makePdf, makePng } from './pdf-fixtures.js';
import { SoftwareAuthenticator } from './software-authenticator.js';
import type { TestServer } from './test-server.js';

/** One account's real resources: an id of every kind a route can take, so hostile requests reach real rows. */
export interface AccountResources {
  accessToken: string;
  credentials: string;
  /** From a login of its own: rotating or reusing it cannot revoke `accessToken`. */
  spareRefreshToken: string;
  envelopeId: string;
  /** More envelopes, so that a cancel or delete among generated requests leaves others to reach. */
  spareEnvelopeIds: string[];
  documentId: string;
  signerEmail: string;
  supportingDocumentId: string;
  templateId: string;
  envelopeFileId: string;
  templateFileId: string;
  signingToken: string;
  webhookId: string;
  webhookDeliveryId: string;
  /** A client besides the one `accessToken` comes from, so that revoking it among generated requests leaves the token working. */
  spareClientId: string;
  /** A sender besides the owner, whom generated requests may change or remove. */
  spareUserId: string;
  /** An admin of the account signed in to the console: the person-scoped routes (passkeys) take only a person's token. */
  consoleToken: string;
  /** A passkey of that admin. */
  passkeyId: string;
  /** A bulk send of one row from the template. */
  bulkSendId: string;
}

/** A console admin of the account with a passkey registered through the routes, as a browser would. */
const personWithPasskey = async (server: TestServer, accountId: string): Promise<{ consoleToken: string; passkeyId: string }> => {
  const person = await signInNewConsoleUser(server, accountId, 'admin');
  const options = await server.call('POST', '/api/v2.0/console/passkeys/options', { token: person.token });
  const authenticator = new SoftwareAuthenticator(server.service.ctx.config.publicUrl);
  const registered = await server.call('POST', '/api/v2.0/console/passkeys', {
    token: person.token,
    body: authenticator.register(options.body.data),
  });
  if (registered.status !== 201) throw new Error(`passkey registration failed: ${JSON.stringify(registered.body)}`);
  return { consoleToken: person.token, passkeyId: registered.body.data.passkey_id };
};

const api = (server: TestServer) => async (method: string, path: string, token: string, body: unknown) => {
  const response = await server.call(method, `/api/v2.0${path}`, { token, body });
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data;
};

const uploadPdf = async (server: TestServer, token: string, path: string, pdf: Uint8Array): Promise<string> => {
  const form = new FormData();
  form.append('file', new Blob([pdf.slice()], { type: 'application/pdf' }), 'upload.pdf');
  const response = await fetch(`${server.url}/api/v2.0${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2' },
    body: form,
  });
  const body = (await response.json()) as { data: { files: { file_id: string }[] } };
  if (response.status !== 201) throw new Error(`upload ${path}: ${response.status} ${JSON.stringify(body)}`);
  return body.data.files[0]!.file_id;
};

/** A fresh account (unlimited plan) holding an envelope, a supporting document, a template, two uploads, a signing token and a webhook with a delivery. */
export const createAccountResources = async (server: TestServer): Promise<AccountResources> => {
  const account = await server.newAccount('enterprise');
  const token = account.accessToken;
  const call = api(server);
  const pdf = await makePdf({ pages: 2 });
  const envelope = await createEnvelope(server, token);
  const spareEnvelopeIds = [(await createEnvelope(server, token)).envelope_id, (await createEnvelope(server, token)).envelope_id];
  const spareLogin = await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials: account.credentials } });
  const signer = envelope.recipients.signers[0]!;
  const attachments = await call('POST', `/envelopes/${envelope.envelope_id}/upload_supporting_document`, token, {
    documents: [{ name: 'notes.txt', content_base64: Buffer.from('Reference notes\n').toString('base64') }],
  });
  const template = await call('POST', '/templates/create', token, {
    template: { name: 'NDA', sign_process_flow: 'Parallel' },
    documents: [{ name: 'nda.pdf', content_base64: Buffer.from(pdf).toString('base64') }],
    roles: { signers: [{ signer_title: 'Client', fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }] }] },
  });
  const bulkSend = await server.call('POST', '/api/v2.0/bulk_sends', {
    token,
    body: {
      template_id: template.template_id,
      rows: [{ recipients: { signers: [{ signer_title: 'Client', name: 'Bulk Client', email: 'bulk-client@example.test' }] } }],
    },
  });
  if (bulkSend.status !== 202) throw new Error(`POST /bulk_sends: ${bulkSend.status} ${JSON.stringify(bulkSend.body)}`);
  const signingToken = await issueSigningToken(
    server.service.ctx,
    server.service.ctx.db,
    { id: signer.recipient_id, envelopeId: envelope.envelope_id },
    'invitation',
    null,
  );
  // A public address literal (no DNS); disabled at once, so its ping is logged but never sent anywhere.
  const webhook = await call('POST', '/webhooks', token, { url: 'https://93.184.215.14/hook', events: ['envelope.completed'] });
  const ping = await call('POST', `/webhooks/${webhook.webhook_id}/test`, token, undefined);
  await call('PUT', `/webhooks/${webhook.webhook_id}`, token, { enabled: false });
  const spareClient = await createAccountClient(server.service.ctx, account.account_id, 'Spare');
  // Inserted, not invited: no mail to send in suites without an SMTP sink.
  const spareUserId = `usr_spare_${account.account_id}`;
  await insertUser(server.service.ctx.db, {
    id: spareUserId,
    accountId: account.account_id,
    name: 'Spare Sender',
    email: `spare-${account.account_id.toLowerCase()}@people.test`,
    role: 'sender',
    createdAt: server.clock.now().toISOString(),
  });
  return {
    accessToken: token,
    credentials: account.credentials,
    spareRefreshToken: spareLogin.body.data.refresh_token,
    envelopeId: envelope.envelope_id,
    spareEnvelopeIds,
    documentId: envelope.documents[0]!.document_id,
    signerEmail: signer.email,
    supportingDocumentId: attachments.supporting_documents[0].supporting_document_id,
    templateId: template.template_id,
    envelopeFileId: await uploadPdf(server, token, '/envelopes/upload_file', pdf),
    templateFileId: await uploadPdf(server, token, '/templates/upload_file', pdf),
    signingToken,
    webhookId: webhook.webhook_id,
    webhookDeliveryId: ping.delivery_id,
    spareClientId: spareClient.clientId,
    spareUserId,
    bulkSendId: bulkSend.body.data.bulk_send_id,
    ...(await personWithPasskey(server, account.account_id)),
  };
};

/**
 * Values by the names routes give them (path parameters in camelCase, body fields in snake_case),
 * for the generators of fuzz-arbitraries.ts.
 */
export const fuzzContext = async (resources: AccountResources): Promise<FuzzContext> => ({
  token: resources.accessToken,
  pdf: await makePdf({ pages: 1 }),
  png: makePng(60, 20),
  known: {
    envelopeId: [resources.envelopeId, ...resources.spareEnvelopeIds],
    documentId: [resources.documentId, 'certificate'],
    supportingDocumentId: [resources.supportingDocumentId],
    templateId: [resources.templateId],
    action: ['activate', 'deactivate'],
    signerEmail: [resources.signerEmail],
    webhookId: [resources.webhookId],
    deliveryId: [resources.webhookDeliveryId],
    clientId: [resources.spareClientId],
    userId: [resources.spareUserId],
    passkeyId: [resources.passkeyId],
    bulkSendId: [resources.bulkSendId],
    signingCode: [resources.signingToken],
    token: [resources.signingToken],
    '*': ['index.html', 'swagger-initializer.js', 'sign.html', '..%2f..%2fpackage.json', '%2e%2e/%2e%2e/package.json', '.env'],
    template_id: [resources.templateId],
    fileId: [resources.envelopeFileId, resources.templateFileId],
    file_id: [resources.envelopeFileId, resources.templateFileId],
    credentials: [resources.credentials],
    refresh_token: [resources.spareRefreshToken],
    email: [resources.signerEmail],
    signer_email: [resources.signerEmail],
    sign_process_flow: ['Parallel', 'Sequential'],
  },
});
