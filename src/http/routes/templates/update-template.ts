import type { AppContext } from '../../../app/context.js';
import { editTemplate } from '../../../app/templates/edit-template.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { errorResponses } from '../../schema-kit.js';
import { TemplateIdParams } from './get-template.js';
import {
  presentTemplateDetail,
  TemplateChangesBody,
  TemplateDetail,
  toTemplateRoles,
  rolesExample,
  templateDetailExample,
} from './template.schema.js';

export const updateTemplateRoute = (app: App, ctx: AppContext) =>
  app.put(
    '/templates/:templateId',
    {
      schema: {
        operationId: 'updateTemplate',
        summary: "Change a template's name, description or roles and fields",
        description:
          'Any subset of `name`, `description` and `roles` (none at all is 400 `NOTHING_TO_UPDATE`). `roles` replaces the roles whole and is checked exactly as at creation: unique titles, every field within its document and page (`INVALID_FIELD_PAGE`, `FIELD_OUT_OF_BOUNDS`, `ANCHOR_NOT_FOUND`…). Envelopes already made from the template are unaffected. Answers the template as getTemplate does.',
        tags: ['Templates'],
        params: TemplateIdParams,
        body: Example(TemplateChangesBody, { description: 'Permanent contracts, engineering', roles: rolesExample }),
        response: {
          200: Example(TemplateDetail, { message: 'Template updated successfully.', data: templateDetailExample }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('NOTHING_TO_UPDATE', 'Give name, description or roles.'),
        },
      },
    },
    async (request) => {
      const { name, description, roles } = request.body;
      const edited = await editTemplate(ctx, callerOf(request), request.params.templateId, {
        name,
        description,
        roles: roles && toTemplateRoles(roles),
      });
      return { message: 'Template updated successfully.', data: presentTemplateDetail(edited) };
    },
  );
