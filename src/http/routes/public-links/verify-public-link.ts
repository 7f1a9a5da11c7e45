import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { usePublicLink } from '../../../app/public-links/use-public-link.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { Email, Id, Ok, Strict, Text, errorResponses } from '../../schema-kit.js';
import { SlugParams } from './public-link.schema.js';

const VerifyBody = Strict({
  email: Email(),
  code: Text(12, { minLength: 1, 'x-missing-code': 'INVALID_CODE', description: 'The 6 digits of the mail' }),
});

const Started = Type.Object({
  envelope_id: Id('env'),
  signing_token: Text(200, { description: 'The visitor’s signing token for the signing API (`/signing/{token}`); not mailed' }),
  url: Text(2100, { description: '`{PUBLIC_URL}/sign/{token}`: the signing page' }),
});

export const verifyPublicLinkRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/public/:slug/verify',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'verifyPublicLink',
        summary: 'Prove the address and start an envelope from a public link',
        description:
          'Needs no credential. With the newest code mailed to `email` for this link, makes an envelope from the template: the visitor in the link’s role, the saved `recipients` in the others (invited as the template’s flow says), the account’s owner as its sender. ' +
          'A use counts here (race-safe: of two visitors for the last use, the second gets 410). The visitor’s signing token is answered, not mailed. ' +
          'Wrong code: 401 `INVALID_CODE` (after 5 wrong codes it is dead: ask for a new one); expired: 401 `CODE_EXPIRED`; closed link: 410 `PUBLIC_LINK_CLOSED`; the account’s monthly quota used up: 403 `ENVELOPE_QUOTA_EXCEEDED`.',
        tags: ['Public links'],
        params: SlugParams,
        body: Example(VerifyBody, { email: 'grace@example.com', code: '493021' }),
        response: {
          201: Example(Ok(Started, 'The envelope was made'), {
            message: 'Envelope started.',
            data: {
              envelope_id: 'env_Pq9Lm2Xc4Vb6Nz8Rt1Yw3A',
              signing_token: 'cs_st_b5n2Qx7tJ0kLwz3YcR8vHf1uGm4sDe6a9PiOqKrT2xE',
              url: 'https://sign.example.com/sign/cs_st_b5n2Qx7tJ0kLwz3YcR8vHf1uGm4sDe6a9PiOqKrT2xE',
            },
          }),
          ...errorResponses(400, 401, 403, 404, 410, 429),
          ...errorExample('INVALID_CODE', 'Wrong code: 4 attempt(s) left.', { field: 'code' }),
          ...errorExample('PUBLIC_LINK_CLOSED', 'This link has expired.'),
        },
      },
    },
    async (request, reply) => {
      const started = await usePublicLink(ctx, request.params.slug, request.body, originOf(request));
      reply.code(201);
      return {
        message: 'Envelope started.',
        data: { envelope_id: started.envelopeId, signing_token: started.signingToken, url: started.url },
      };
    },
  );
