import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { listTemplates } from '../../../app/templates/list-templates.js';
import { callerOf, type App } from '../../app-type.js';
import { Int, Strict, errorResponses } from '../../schema-kit.js';
import { presentTemplateList, TemplateList } from './template.schema.js';

const Page = Strict({
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
        querystring: Page,
        response: { 200: TemplateList, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => ({
      message: 'Templates retrieved successfully.',
      data: presentTemplateList(
        await listTemplates(ctx, callerOf(request), { page: request.query.page ?? 1, pageSize: request.query.pageSize ?? 20 }),
      ),
    }),
  );
