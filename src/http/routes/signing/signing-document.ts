import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { readSigningDocument } from '../../../app/signing/signing-document.js';
import type { App } from '../../app-type.js';
import { BytesExample, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { Strict, Text, errorResponses } from '../../schema-kit.js';
import { SIGNING_SESSION_NOTE, SigningSessionHeaders, requireSigningSession } from './signing-session.js';

const MAX_PDF_BYTES = 25 * 1024 * 1024;

export const signingDocumentRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/signing/:signingCode/documents/:documentId',
    {
      config: { access: 'public' },
      preHandler: requireSigningSession(ctx),
      schema: {
        operationId: 'getSigningDocument',
        summary: "The PDF of one of the envelope's documents, for the signer to review",
        description:
          "An embedded token is spent by this call: use the `session_token` the signing page returned. A viewer's fetch of each document is recorded: once they fetched every document their step is done (status Viewed), and whoever's turn comes next is invited." +
          ' ' +
          SIGNING_SESSION_NOTE,
        tags: ['Signing'],
        headers: SigningSessionHeaders,
        params: Strict({ signingCode: Text(200, { minLength: 1 }), documentId: Text(64, { minLength: 1 }) }),
        response: {
          200: {
            description: 'The PDF',
            content: {
              'application/pdf': {
                schema: BytesExample(
                  Type.Unsafe<Buffer>({ type: 'string', format: 'binary', maxLength: MAX_PDF_BYTES }),
                  'The PDF to review',
                  "The document's bytes as sent for signature, starting `%PDF-`, shown inline (`Content-Disposition: inline`).",
                  '%PDF-1.7\n%…',
                ),
              },
            },
          },
          ...errorResponses(400, 401, 404, 409, 410, 429),
          ...errorExample('DOCUMENT_NOT_FOUND', 'The envelope has no document doc_5X5AqEnZAiCRCjTZpXc7kQ.'),
        },
      },
    },
    async (request, reply) => {
      const { name, bytes } = await readSigningDocument(ctx, request.params.signingCode, request.params.documentId, originOf(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${encodeURIComponent(name)}"`)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
