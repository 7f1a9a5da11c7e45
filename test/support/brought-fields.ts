import assert from 'node:assert/strict';
import type { ApiData } from '../../web/src/shared/api-types.js';
import { tokenFor } from '../api/signing/signing-helpers.js';
import { downloadPdf } from './converted-documents.js';
import type { TestServer } from './test-server.js';

/** Helpers of the tests of fields that documents bring (form fields, text tags: test/api/documents-in). */

/** A field as the signing view shows it: the type generated from the OpenAPI document. */
export type ViewField = ApiData<'viewSigningPage'>['fields'][number];

/** The signer's signing token and the fields their signing view shows. */
export const signingViewOf = async (server: TestServer, envelopeId: string, recipientId: string) => {
  const signingToken = await tokenFor(server, envelopeId, recipientId);
  const view = await server.call('GET', `/api/v2.0/signing/${signingToken}`);
  assert.equal(view.status, 200, JSON.stringify(view.body));
  return { signingToken, fields: view.body.data.fields as ViewField[] };
};

/** The envelope's first document as stored (`signedOnly` false) or signed. */
export const firstDocumentPdf = async (server: TestServer, token: string, envelopeId: string, signedOnly: boolean) => {
  const details = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token });
  return downloadPdf(server, token, envelopeId, details.body.data.documents[0].document_id as string, signedOnly);
};
