import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { requestPublicLinkCode } from '../../../app/public-links/request-public-link-code.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { Email, Ok, RequiredText, Strict, Timestamp, errorResponses } from '../../schema-kit.js';
import { DefaultLanguage } from '../account/settings.schema.js';
import { SlugParams } from './public-link.schema.js';

const StartBody = Strict({
  name: RequiredText(255, 'RECIPIENT_NAME_REQUIRED', { description: 'The visitor’s name, as the envelope will name them' }),
  email: Email({ description: 'Where the code goes; the visitor signs under this address' }),
  language: Type.Optional(DefaultLanguage),
});

const CodeSent = Type.Object({ expires_at: Timestamp({ description: 'The code works until then (10 minutes)' }) });

export const startPublicLinkRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/public/:slug/start',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'startPublicLink',
        summary: 'Mail a public link’s visitor a code',
        description:
          'Needs no credential. Mails a 6-digit code, valid 10 minutes, to `email` (in `language`, else the account’s default); a new code replaces the previous one. ' +
          'Each link mails at most 5 codes an hour to one address (429 `CODE_TOO_SOON`) and 20 to one IP address (429 `RATE_LIMITED`), with `Retry-After`; the per-minute limit of unauthenticated requests applies too. ' +
          'Unknown slug: 404 `PUBLIC_LINK_NOT_FOUND`; a disabled, expired or used-up link, or one whose template is inactive or deleted: 410 `PUBLIC_LINK_CLOSED`.',
        tags: ['Public links'],
        params: SlugParams,
        body: Example(StartBody, { name: 'Grace Tenant', email: 'grace@example.com', language: 'en' }),
        response: {
          200: Example(Ok(CodeSent), {
            message: 'A code is on its way to this address.',
            data: { expires_at: '2026-03-03T10:12:00.000Z' },
          }),
          ...errorResponses(400, 404, 410, 429),
          ...errorExample('PUBLIC_LINK_CLOSED', 'This link has been used as many times as its owner allowed.'),
          ...errorExample('CODE_TOO_SOON', '5 codes were sent to this address within an hour; ask again in 1712 seconds.'),
        },
      },
    },
    async (request) => {
      const sent = await requestPublicLinkCode(ctx, request.params.slug, request.body, originOf(request));
      return { message: 'A code is on its way to this address.', data: { expires_at: sent.expiresAt } };
    },
  );
