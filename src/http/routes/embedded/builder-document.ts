import { readBuilderDocument } from '../../../app/builders/builder-document.js';
import type { AppContext } from '../../../app/context.js';
import type { App } from '../../app-type.js';
import { errorExample } from '../../openapi-examples.js';
import { Strict, Text, errorResponses } from '../../schema-kit.js';
import { PdfResponse } from '../templates/get-template-document.js';
import { BUILDER_LIFETIME_NOTE } from './builder.schema.js';

export const builderDocumentRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/builder/:builderCode/documents/:documentId',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getBuilderDocument',
        summary: 'The PDF of one of the documents a builder edits, for its page to render',
        description: `With the \`session_token\` of openBuilder (a URL token is 404 \`BUILDER_TOKEN_NOT_FOUND\` here). Answers \`application/pdf\`. ${BUILDER_LIFETIME_NOTE}`,
        tags: ['Embedded builders'],
        params: Strict({ builderCode: Text(200, { minLength: 1 }), documentId: Text(64, { minLength: 1 }) }),
        response: {
          200: PdfResponse,
          ...errorResponses(400, 401, 404, 410, 429),
          ...errorExample('DOCUMENT_NOT_FOUND', 'The draft has no document doc_5X5AqEnZAiCRCjTZpXc7kQ.'),
        },
      },
    },
    async (request, reply) => {
      const { name, bytes } = await readBuilderDocument(ctx, request.params.builderCode, request.params.documentId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${encodeURIComponent(name)}"`)
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
