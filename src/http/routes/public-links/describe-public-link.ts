import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { describePublicLink } from '../../../app/public-links/describe-public-link.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Nullable, Ok, Text, errorResponses } from '../../schema-kit.js';
import { SlugParams } from './public-link.schema.js';

const LinkDescription = Type.Object({
  template_name: Nullable(Text(255), { description: "The document's name; null while the link is closed" }),
  account_name: Text(255, { description: 'The organisation whose link it is' }),
  open: Type.Boolean({ description: 'Whether `start` and `verify` take visitors now' }),
  closed_reason: Nullable(Text(20), {
    description: 'Why a closed link takes no visitors: `disabled`, `expired`, `used_up` or `template_inactive`; null while open',
  }),
});

export const describePublicLinkRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/public/:slug',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'describePublicLink',
        summary: 'What a public link offers (for its page)',
        description:
          'Needs no credential: the slug is the capability. A closed link still answers 200, with `open: false` and the reason, so its page can say why; `start` and `verify` answer it with 410 `PUBLIC_LINK_CLOSED`. An unknown slug: 404 `PUBLIC_LINK_NOT_FOUND`.',
        tags: ['Public links'],
        params: SlugParams,
        response: {
          200: Example(Ok(LinkDescription), {
            message: 'Public link.',
            data: { template_name: 'Rental agreement', account_name: 'Acme Lettings', open: true, closed_reason: null },
          }),
          ...errorResponses(400, 404, 429),
          ...errorExample('PUBLIC_LINK_NOT_FOUND', 'There is no such link.'),
        },
      },
    },
    async (request) => {
      const described = await describePublicLink(ctx, request.params.slug);
      return {
        message: 'Public link.',
        data: {
          template_name: described.templateName,
          account_name: described.accountName,
          open: described.open,
          closed_reason: described.closure,
        },
      };
    },
  );
