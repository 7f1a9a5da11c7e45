import assert from 'node:assert/strict';
import type { SmtpSink } from '../../support/smtp-sink.js';
import type { ApiResponse, TestServer } from '../../support/test-server.js';
import { templateRequest } from '../templates/template-requests.js';

/** A lease: the tenant (the public link's visitor) signs first, then the landlord; the agent observes. */
export const leaseRoles = () => ({
  signers: [
    { signer_title: 'Tenant', signing_order: 1, fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }] },
    { signer_title: 'Landlord', signing_order: 2, fields: [{ type: 'signature', page: 2, x: 72, y: 600, width: 160, height: 40 }] },
  ],
  observers: [{ observer_title: 'Agent' }],
});

export const leaseRecipients = () => ({
  signers: [{ signer_title: 'Landlord', name: 'Lena Landlord', email: 'lena@example.test' }],
  observers: [{ observer_title: 'Agent', name: 'Otto Agent', email: 'otto@example.test' }],
});

export const createLeaseTemplate = async (server: TestServer, token: string): Promise<string> => {
  const body = { ...(await templateRequest({ name: 'Lease', sign_process_flow: 'Sequential' })), roles: leaseRoles() };
  const response = await server.call('POST', '/api/v2.0/templates/create', { token, body });
  assert.equal(response.status, 201, JSON.stringify(response.body));
  return response.body.data.template_id as string;
};

export const saveLink = (server: TestServer, token: string, templateId: string, body: Record<string, unknown>) =>
  server.call('POST', `/api/v2.0/templates/${templateId}/public_link`, { token, body });

/** A lease template with an open link whose visitor is the tenant; its slug. */
export const openLeaseLink = async (server: TestServer, token: string, extra: Record<string, unknown> = {}) => {
  const templateId = await createLeaseTemplate(server, token);
  const saved = await saveLink(server, token, templateId, { enabled: true, role: 'Tenant', recipients: leaseRecipients(), ...extra });
  assert.equal(saved.status, 201, JSON.stringify(saved.body));
  return { templateId, slug: saved.body.data.slug as string };
};

/** The visitor's calls: no credential, no app_auth_type header, as the page makes them. */
export const visitor = (server: TestServer, headers: Record<string, string> = {}) => ({
  describe: (slug: string) => server.call('GET', `/api/v2.0/public/${slug}`, { noAppAuthType: true, headers }),
  start: (slug: string, body: Record<string, unknown>) =>
    server.call('POST', `/api/v2.0/public/${slug}/start`, { noAppAuthType: true, headers, body }),
  verify: (slug: string, body: Record<string, unknown>): Promise<ApiResponse> =>
    server.call('POST', `/api/v2.0/public/${slug}/verify`, { noAppAuthType: true, headers, body }),
});

/** The code of the newest public-link mail to `email` that arrived after `seen` messages. */
export const mailedCode = async (server: TestServer, sink: SmtpSink, email: string, seen = 0): Promise<string> => {
  await server.service.worker.drain();
  const mail = await sink.waitFor(
    (m) => sink.messages.indexOf(m) >= seen && JSON.stringify(m.to).includes(email) && /\d{6}/.test(m.subject ?? ''),
  );
  const code = /(\d{6})/.exec(mail.text ?? '')?.[1];
  assert.ok(code, mail.text);
  return code;
};
