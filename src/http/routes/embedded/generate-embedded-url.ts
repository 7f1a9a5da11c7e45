import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { generateEmbeddedUrl } from '../../../app/envelopes/generate-embedded-url.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Email, Ok, Text, Timestamp, errorResponses } from '../../schema-kit.js';

const EmbeddedUrl = Type.Object({
  url: Text(2000, { format: 'uri', description: 'Opens the signing page for this signer; single use, for an iFrame' }),
  expires_at: Timestamp({ description: 'Ten minutes after issue' }),
});

export const generateEmbeddedUrlRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/envelopes/:envelopeId/generate_embedded_url/:signerEmail',
    {
      schema: {
        operationId: 'generateEmbeddedUrl',
        summary: "Issue a single-use URL of a signer's signing page, for an iFrame",
        description:
          "Valid 10 minutes, only while it is that signer's turn. Only the origins in the account's `frame_ancestors` may frame the page (`countersign account update --frame-ancestors`).",
        tags: ['Envelopes'],
        params: Type.Object({ envelopeId: Text(64), signerEmail: Email() }),
        response: {
          200: Example(Ok(EmbeddedUrl), {
            message: 'Embedded signing URL generated.',
            data: {
              url: 'https://sign.example.com/sign/cs_st_gSdppzQLhiD1dbHn-z1XrYH3l7J441FDd_Bkzhxjy2A?embed=1',
              expires_at: '2026-03-03T09:25:27.000Z',
            },
          }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample('SIGNER_NOT_FOUND', 'No signer grace@example.com on envelope env_zgqQWvT72rpxEKoy8-nlng.'),
        },
      },
    },
    async (request, reply) => {
      const issued = await generateEmbeddedUrl(ctx, callerOf(request), request.params.envelopeId, request.params.signerEmail);
      return reply.send({ message: 'Embedded signing URL generated.', data: { url: issued.url, expires_at: issued.expiresAt } });
    },
  );
