import type { AppContext } from '../../../app/context.js';
import { getPublicLink } from '../../../app/public-links/get-public-link.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { TemplateIdParams } from '../templates/get-template.js';
import { PublicLinkData, presentPublicLink, publicLinkExample } from './public-link.schema.js';

export const getPublicLinkRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/templates/:templateId/public_link',
    {
      schema: {
        operationId: 'getPublicLink',
        summary: "A template's public link",
        description:
          'The link as `savePublicLink` answers it, with `uses` so far. A template without one: 404 `PUBLIC_LINK_NOT_FOUND`; an unknown, deleted or other account’s template: 404 `TEMPLATE_NOT_FOUND`.',
        tags: ['Templates'],
        params: TemplateIdParams,
        response: {
          200: Example(Ok(PublicLinkData), { message: 'Public link retrieved.', data: publicLinkExample }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('PUBLIC_LINK_NOT_FOUND', 'Template tpl_8T2HrtYsl5XErp4YvyWFIg has no public link.'),
        },
      },
    },
    async (request) => ({
      message: 'Public link retrieved.',
      data: presentPublicLink(ctx, await getPublicLink(ctx, callerOf(request), request.params.templateId)),
    }),
  );
