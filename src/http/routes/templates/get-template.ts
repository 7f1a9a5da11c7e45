import type { AppContext } from '../../../app/context.js';
import { getTemplate } from '../../../app/templates/get-template.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Strict, Text, errorResponses } from '../../schema-kit.js';
import { presentTemplateDetail, TemplateDetail, templateDetailExample } from './template.schema.js';

export const TemplateIdParams = Strict({ templateId: Text(64, { minLength: 1 }) });

export const getTemplateRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/templates/:templateId',
    {
      schema: {
        operationId: 'getTemplate',
        summary: 'Read a template: its settings, roles with their fields, and documents',
        description:
          'The roles carry their fields exactly as createTemplate or updateTemplate took them (PDF points from the top-left corner of the page). Each document lists its page sizes in PDF points, as the signer sees each page, so an editor can draw the fields. A deleted, unknown or other account’s template is 404 `TEMPLATE_NOT_FOUND`.',
        tags: ['Templates'],
        params: TemplateIdParams,
        response: {
          200: Example(TemplateDetail, { message: 'Template retrieved successfully.', data: templateDetailExample }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('TEMPLATE_NOT_FOUND', 'No template tpl_8T2HrtYsl5XErp4YvyWFIg.'),
        },
      },
    },
    async (request) => ({
      message: 'Template retrieved successfully.',
      data: presentTemplateDetail(await getTemplate(ctx, callerOf(request), request.params.templateId)),
    }),
  );
