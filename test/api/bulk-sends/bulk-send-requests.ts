import { setTimeout as sleep } from 'node:timers/promises';
import type { TestServer } from '../../support/test-server.js';
import { createTemplate } from '../templates/template-requests.js';

/** The NDA template of the template tests: roles Client (with the `company` field) and Provider, observer Legal. */
export const createNdaTemplate = (server: TestServer, token: string, template: Record<string, unknown> = {}) =>
  createTemplate(server, token, template);

/** Row `i` of a send from the NDA template: its own Client, a shared Provider, its name and metadata. */
export const ndaRow = (i: number, overrides: { clientEmail?: string } = {}) => ({
  recipients: {
    signers: [
      {
        signer_title: 'Client',
        name: `Client ${i}`,
        email: overrides.clientEmail ?? `client-${i}@example.test`,
        form_fields: [{ placeholder: 'company', default_value: `Company ${i}`, editable: false }],
      },
      { signer_title: 'Provider', name: 'Grace Hopper', email: 'grace@example.test' },
    ],
  },
  envelope_name: `NDA ${i}`,
  metadata: { customer: `C-${i}` },
});

export const ndaRows = (count: number) => Array.from({ length: count }, (_, i) => ndaRow(i + 1));

/** Posts a bulk send as JSON. */
export const postBulkSend = (server: TestServer, token: string, body: unknown, headers: Record<string, string> = {}) =>
  server.call('POST', '/api/v2.0/bulk_sends', { token, body, headers });

/** Posts a CSV (and text fields) as multipart/form-data, as a browser form or curl -F would. */
export const postBulkCsv = async (server: TestServer, token: string, csv: string | Uint8Array, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)], { type: 'text/csv' }), 'rows.csv');
  const response = await fetch(`${server.url}/api/v2.0/bulk_sends`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2' },
    body: form,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};

export const getBulkSend = (server: TestServer, token: string, id: string) => server.call('GET', `/api/v2.0/bulk_sends/${id}`, { token });

/** Runs the job worker until the send is over (its jobs are the worker's; the test clock does not move). */
export const untilFinished = async (server: TestServer, token: string, id: string) => {
  for (let i = 0; i < 600; i += 1) {
    await server.service.worker.drain();
    const response = await getBulkSend(server, token, id);
    if (response.body.data?.status === 'completed' || response.body.data?.status === 'cancelled') return response.body.data;
    await sleep(50);
  }
  throw new Error(`bulk send ${id} did not finish`);
};

/** The envelopes a send created, by its `bulk_send_id` column. */
export const envelopesOf = (server: TestServer, bulkSendId: string) =>
  server.service.ctx.db.selectFrom('envelopes').selectAll().where('bulk_send_id', '=', bulkSendId).orderBy('created_at').execute();
