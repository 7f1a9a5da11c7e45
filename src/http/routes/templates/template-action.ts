import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { applyTemplateAction, TEMPLATE_ACTIONS, type TemplateAction } from '../../../app/templates/template-action.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Strict, Text, errorResponses } from '../../schema-kit.js';
import { presentTemplateAction, TemplateActionResult } from './template.schema.js';

const ActionParams = Strict({
  templateId: Text(64, { minLength: 1 }),
  action: Type.Unsafe<TemplateAction>(
    Type.String({
      enum: [...TEMPLATE_ACTIONS],
      maxLength: 10,
      'x-invalid-code': 'INVALID_TEMPLATE_ACTION',
      description: 'activate, deactivate or delete',
    }),
  ),
});

const MESSAGES = { activate: 'Template activated.', deactivate: 'Template deactivated.', delete: 'Template deleted.' } as const;

export const templateActionRoute = (app: App, ctx: AppContext) =>
  app.put(
    '/templates/:templateId/action/:action',
    {
      schema: {
        operationId: 'applyTemplateAction',
        summary: 'Activate, deactivate or delete a template',
        description: 'A deleted template answers 404 from then on; envelopes made from it are unaffected.',
        tags: ['Templates'],
        params: ActionParams,
        response: {
          200: Example(TemplateActionResult, {
            message: 'Template deactivated.',
            data: { template_id: 'tpl_8T2HrtYsl5XErp4YvyWFIg', name: 'Employment contract', status: 'Inactive', deleted: false },
          }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('TEMPLATE_NOT_FOUND', 'No template tpl_8T2HrtYsl5XErp4YvyWFIg.'),
        },
      },
    },
    async (request) => ({
      message: MESSAGES[request.params.action],
      data: presentTemplateAction(await applyTemplateAction(ctx, callerOf(request), request.params.templateId, request.params.action)),
    }),
  );
