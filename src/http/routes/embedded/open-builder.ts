import { openBuilder } from '../../../app/builders/open-builder.js';
import type { AppContext } from '../../../app/context.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { templateDetailExample } from '../templates/template.schema.js';
import { BUILDER_LIFETIME_NOTE, BuilderSession, BuilderTokenParams, presentBuilderSession } from './builder.schema.js';

export const openBuilderRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/builder/:builderCode',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'openBuilder',
        summary: 'What a builder page edits: the template, or the composer’s draft',
        description:
          'No headers: the token is the credential (per-address rate limit). The first call with a builder URL’s token spends it and returns `session_token`, valid one hour: every later call, this one included (after a reload), uses the session token in the same path segment. `kind` `template` returns the template as getTemplate does; `compose` returns the draft: its documents with their page sizes, its signers (`index`, name, e-mail, order, the fields given so far), observers and settings. An unknown, expired or spent token is 404 `BUILDER_TOKEN_NOT_FOUND`. ' +
          BUILDER_LIFETIME_NOTE,
        tags: ['Embedded builders'],
        params: BuilderTokenParams,
        response: {
          200: Example(BuilderSession, {
            message: 'Builder opened.',
            data: {
              session_token: 'cs_bt_9InJnga2clD1_W51b-T8SRvbNikpzoL7tE9XIQ4qyyM',
              kind: 'template',
              expires_at: '2026-03-03T10:15:27.000Z',
              template: templateDetailExample,
            },
          }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('BUILDER_TOKEN_NOT_FOUND', 'This builder link is unknown, has expired or was already used.'),
        },
      },
    },
    async (request) => ({
      message: 'Builder opened.',
      data: presentBuilderSession(await openBuilder(ctx, request.params.builderCode)),
    }),
  );
