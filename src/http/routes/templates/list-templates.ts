import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { listTemplates } from '../../../app/templates/list-templates.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Int, Strict, errorResponses } from '../../schema-kit.js';
import { presentTemplateList, TemplateList } from './template.schema.js';

export const ListTemplatesQuery = Strict({
  page: Type.Optional(Int(1, 1_000_000, { 'x-invalid-code': 'INVALID_PAGINATION', description: 'Page number, from 1 (default 1)' })),
  pageSize: Type.Optional(Int(1, 100, { 'x-invalid-code': 'INVALID_PAGINATION', description: 'Templates per page, 1–100 (default 20)' })),
});

export const listTemplatesRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/templates/list',
    {
      schema: {
        operationId: 'listTemplates',
        summary: "List the account's templates, newest first",
        tags: ['Templates'],
        querystring: ListTemplatesQuery,
        response: {
          200: Example(TemplateList, {
            message: 'Templates retrieved successfully.',
            data: {
              templates: [
                {
                  template_id: 'tpl_8T2HrtYsl5XErp4YvyWFIg',
                  name: 'Employment contract',
                  status: 'Active',
                  created_at: '2026-02-10T13:00:00.000Z',
                  roles: {
                    signers: [
                      { signer_title: 'Employee', signing_order: 1, fields: 2 },
                      { signer_title: 'Employer', signing_order: 2, fields: 1 },
                    ],
                    observers: [{ observer_title: 'HR' }],
                  },
                },
              ],
              page: 1,
              page_size: 20,
              total: 1,
            },
          }),
          ...errorResponses(400, 401, 429),
          ...errorExample('INVALID_PAGINATION', '"querystring.pageSize" must be <= 100.', {
            field: 'querystring.pageSize',
            message: 'The request is invalid.',
          }),
        },
      },
    },
    async (request) => ({
      message: 'Templates retrieved successfully.',
      data: presentTemplateList(
        await listTemplates(ctx, callerOf(request), { page: request.query.page ?? 1, pageSize: request.query.pageSize ?? 20 }),
      ),
    }),
  );
