import { userOrOwner } from '../../src/app/envelopes/sender.js';
import { makePdf } from './pdf-fixtures.js';
import type { TestServer } from './test-server.js';

/** A base64 PDF of `pages` Letter pages. */
export const pdfBase64 = async (pages = 1, text?: string): Promise<string> =>
  Buffer.from(await makePdf({ pages, ...(text ? { text } : {}) })).toString('base64');

export interface EnvelopeRequestOptions {
  flow?: string;
  /** Any other recipient property (language, authentication, phone) passes through as given. */
  signers?: { name: string; email: string; signing_order?: number; fields?: unknown[]; [property: string]: unknown }[];
  envelope?: Record<string, unknown>;
  /** The one document, instead of a two-page agreement. */
  document?: { name: string; pages?: number; text?: string };
}

/** A valid `POST /envelopes/create` body: two signers with a signature field each. */
export const envelopeRequest = async (options: EnvelopeRequestOptions = {}) => ({
  envelope: { name: 'Sales agreement', sign_process_flow: options.flow ?? 'Parallel', ...options.envelope },
  documents: [
    {
      name: options.document?.name ?? 'agreement.pdf',
      content_base64: await pdfBase64(options.document?.pages ?? 2, options.document?.text),
    },
  ],
  recipients: {
    signers: options.signers ?? [
      {
        name: 'Ada Lovelace',
        email: 'ada@example.test',
        signing_order: 1,
        fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
      },
      {
        name: 'Grace Hopper',
        email: 'grace@example.test',
        signing_order: 2,
        fields: [{ type: 'signature', page: 2, x: 72, y: 600, width: 160, height: 40 }],
      },
    ],
    observers: [{ first_name: 'Alan', last_name: 'Turing', email: 'alan@example.test' }],
  },
});

export const createEnvelope = async (server: TestServer, token: string, options: EnvelopeRequestOptions = {}) => {
  const response = await server.call('POST', '/api/v2.0/envelopes/create', { token, body: await envelopeRequest(options) });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data as {
    envelope_id: string;
    documents: { document_id: string }[];
    recipients: { signers: { recipient_id: string; email: string; status: string }[] };
  };
};

export interface Sender {
  /** The account's API client's access token. */
  token: string;
  /** Where mails about the account's envelopes go (the owner's address). */
  email: string;
}

/** A new account whose API client is logged in, as the sender of the envelopes it creates. */
export const newSender = async (server: TestServer): Promise<Sender> => {
  const account = await server.newAccount();
  return { token: account.accessToken, email: (await userOrOwner(server.service.ctx.db, account.account_id, null)).email };
};
