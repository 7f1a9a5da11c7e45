import type { AppContext } from '../../../app/context.js';
import { generateEditUrl } from '../../../app/builders/generate-edit-url.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { TemplateIdParams } from '../templates/get-template.js';
import { BUILDER_EVENTS_NOTE, BUILDER_LIFETIME_NOTE, BuilderUrl, presentBuilderUrl } from './builder.schema.js';

export const generateEditUrlRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/templates/:templateId/generate_edit_url',
    {
      schema: {
        operationId: 'generateTemplateEditUrl',
        summary: "Issue a single-use URL of the template's field editor, for an iFrame",
        description: `The URL (\`/embed/template/{token}\`) is valid 10 minutes and opens once: the page exchanges it for a session of one hour (see openBuilder). There a person places and edits the roles' fields on the rendered pages and saves them (saveBuilderTemplate). ${BUILDER_LIFETIME_NOTE} ${BUILDER_EVENTS_NOTE}`,
        tags: ['Embedded builders'],
        params: TemplateIdParams,
        response: {
          201: Example(BuilderUrl, {
            message: 'Template editor URL generated.',
            data: {
              url: 'https://sign.example.com/embed/template/cs_bt_9InJnga2clD1_W51b-T8SRvbNikpzoL7tE9XIQ4qyyM',
              expires_at: '2026-03-03T09:25:27.000Z',
            },
          }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('TEMPLATE_NOT_FOUND', 'No template tpl_8T2HrtYsl5XErp4YvyWFIg.'),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: 'Template editor URL generated.',
        data: presentBuilderUrl(await generateEditUrl(ctx, callerOf(request), request.params.templateId)),
      }),
  );
