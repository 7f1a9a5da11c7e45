import { makePdf } from '../../support/pdf-fixtures.js';
import type { TestServer } from '../../support/test-server.js';

export const pdf = (pages = 2) => makePdf({ pages });

/** POSTs PDF bytes as multipart `file` parts, the way a browser form or curl -F would. */
export const uploadFiles = async (
  server: TestServer,
  token: string,
  path: string,
  files: { name: string; bytes: Uint8Array }[],
  headers: Record<string, string> = {},
) => {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), file.name);
  const response = await fetch(`${server.url}/api/v2.0${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2', ...headers },
    body: form,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};

/** Roles of an NDA template: two signers (in order) and one observer. */
export const ndaRoles = () => ({
  signers: [
    {
      signer_title: 'Client',
      signing_order: 1,
      fields: [
        { type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 },
        { type: 'text', page: 1, x: 72, y: 500, width: 200, height: 20, placeholder: 'company' },
      ],
    },
    { signer_title: 'Provider', signing_order: 2, fields: [{ type: 'signature', page: 2, x: 72, y: 600, width: 160, height: 40 }] },
  ],
  observers: [{ observer_title: 'Legal' }],
});

export const templateRequest = async (template: Record<string, unknown> = {}) => ({
  template: { name: 'NDA', description: 'Mutual NDA', sign_process_flow: 'Sequential', expiration_days: 10, ...template },
  documents: [{ name: 'nda.pdf', content_base64: Buffer.from(await pdf()).toString('base64') }],
  roles: ndaRoles(),
});

export const createTemplate = async (server: TestServer, token: string, template: Record<string, unknown> = {}) => {
  const response = await server.call('POST', '/api/v2.0/templates/create', { token, body: await templateRequest(template) });
  if (response.status !== 201) throw new Error(`template create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as { template_id: string; documents: { sha256: string }[] };
};

/** A valid create_with_template body filling the NDA roles. */
export const fromTemplateRequest = (
  templateId: string,
  overrides: { envelope?: Record<string, unknown>; signers?: unknown[]; observers?: unknown[] } = {},
) => ({
  template_id: templateId,
  envelope: { name: 'NDA with Initech', ...overrides.envelope },
  recipients: {
    signers: overrides.signers ?? [
      {
        signer_title: 'Client',
        name: 'Ada Lovelace',
        email: 'ada@example.test',
        form_fields: [{ placeholder: 'company', default_value: 'Initech', editable: 'FALSE' }],
      },
      { signer_title: 'Provider', name: 'Grace Hopper', email: 'grace@example.test' },
    ],
    observers: overrides.observers ?? [{ observer_title: 'Legal', name: 'Alan Turing', email: 'alan@example.test' }],
  },
});
