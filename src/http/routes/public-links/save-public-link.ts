import type { AppContext } from '../../../app/context.js';
import { savePublicLink } from '../../../app/public-links/save-public-link.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { TemplateIdParams } from '../templates/get-template.js';
import { PublicLinkBody, PublicLinkData, presentPublicLink, publicLinkExample, toPublicLinkInput } from './public-link.schema.js';

export const savePublicLinkRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/templates/:templateId/public_link',
    {
      schema: {
        operationId: 'savePublicLink',
        summary: "Create or change a template's public link",
        description:
          'A public link lets anyone sign the template: a visitor opens `url`, proves an e-mail address with a mailed code and signs in the role `role`; each use makes an envelope (docs/api/public-links.md). ' +
          '201 when the link is created, 200 when it is changed (its `url` stays). Optional keys left out keep their value; `null` clears `max_uses` or `expires_at`. ' +
          "`recipients` fill the template's other roles on every envelope: each other signer role exactly once (else 400 `SIGNER_ROLE_MISSING`); " +
          '`role` or a title that is not the template’s: 400 `SIGNER_TITLE_NOT_FOUND`. An unknown, deleted or other account’s template: 404 `TEMPLATE_NOT_FOUND`.',
        tags: ['Templates'],
        params: TemplateIdParams,
        body: Example(PublicLinkBody, {
          enabled: true,
          role: 'Tenant',
          max_uses: 100,
          expires_at: '2026-12-31T23:00:00.000Z',
          recipients: { signers: [{ signer_title: 'Landlord', name: 'Ada Landlord', email: 'ada@example.com' }] },
        }),
        response: {
          200: Example(Ok(PublicLinkData, 'The link was changed'), { message: 'Public link updated.', data: publicLinkExample }),
          201: Example(Ok(PublicLinkData, 'The link was created'), {
            message: 'Public link created.',
            data: { ...publicLinkExample, uses: 0 },
          }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('SIGNER_ROLE_MISSING', 'No one fills the role "Landlord": name them in recipients.signers.', {
            field: 'recipients.signers',
            message: 'The request is invalid.',
          }),
          ...errorExample('TEMPLATE_NOT_FOUND', 'No template tpl_8T2HrtYsl5XErp4YvyWFIg.'),
        },
      },
    },
    async (request, reply) => {
      const { link, created } = await savePublicLink(ctx, callerOf(request), request.params.templateId, toPublicLinkInput(request.body));
      reply.code(created ? 201 : 200);
      return { message: created ? 'Public link created.' : 'Public link updated.', data: presentPublicLink(ctx, link) };
    },
  );
