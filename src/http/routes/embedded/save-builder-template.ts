import { saveBuilderTemplate } from '../../../app/builders/save-builder-template.js';
import type { AppContext } from '../../../app/context.js';
import type { App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Strict, errorResponses } from '../../schema-kit.js';
import {
  presentTemplateDetail,
  RolesObject,
  rolesExample,
  TemplateDetail,
  templateDetailExample,
  toTemplateRoles,
} from '../templates/template.schema.js';
import { BUILDER_LIFETIME_NOTE, BuilderTokenParams } from './builder.schema.js';

export const saveBuilderTemplateRoute = (app: App, ctx: AppContext) =>
  app.put(
    '/builder/:builderCode/template',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'saveBuilderTemplate',
        summary: 'The template editor’s Save: the roles and their fields',
        description:
          'With the `session_token` of openBuilder. `roles` replaces the template’s roles whole, checked as updateTemplate checks them; answers the template. A composer’s session is 409 `BUILDER_KIND_MISMATCH`. The page then posts `countersign.template.saved {template_id}` to its parent. ' +
          BUILDER_LIFETIME_NOTE,
        tags: ['Embedded builders'],
        params: BuilderTokenParams,
        body: Example(Strict({ roles: RolesObject }), { roles: rolesExample }),
        response: {
          200: Example(TemplateDetail, { message: 'Template saved.', data: templateDetailExample }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample('BUILDER_KIND_MISMATCH', 'This operation is for the template editor only.'),
        },
      },
    },
    async (request) => ({
      message: 'Template saved.',
      data: presentTemplateDetail(await saveBuilderTemplate(ctx, request.params.builderCode, toTemplateRoles(request.body.roles))),
    }),
  );
