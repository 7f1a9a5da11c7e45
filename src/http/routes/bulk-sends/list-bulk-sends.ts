import type { AppContext } from '../../../app/context.js';
import { listBulkSends } from '../../../app/bulk-sends/list-bulk-sends.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { BULK_SEND_EXAMPLE, BulkSendPageData, BulkSendPageQuery, presentBulkSendPage } from './bulk-send.schema.js';

const { errors: _errors, ...summaryExample } = BULK_SEND_EXAMPLE;

export const listBulkSendsRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/bulk_sends',
    {
      schema: {
        operationId: 'listBulkSends',
        summary: "The account's bulk sends",
        description:
          'Newest first, paginated (`page`, `page_size` 1–100, default 20; out of range: 400 INVALID_PAGINATION). Each with its ' +
          'status and its rows by state; the errors are in GET /bulk_sends/{bulkSendId}.',
        tags: ['Bulk sending'],
        querystring: BulkSendPageQuery,
        response: {
          200: Example(Ok(BulkSendPageData), {
            message: 'Bulk sends.',
            data: { bulk_sends: [summaryExample], page: 1, page_size: 20, total: 1 },
          }),
          ...errorResponses(400, 401, 429),
          ...errorExample('INVALID_PAGINATION', '"page_size" must be <= 100.', { field: 'page_size', message: 'The request is invalid.' }),
        },
      },
    },
    async (request) => ({
      message: 'Bulk sends.',
      data: presentBulkSendPage(
        await listBulkSends(ctx, callerOf(request).accountId, { page: request.query.page, pageSize: request.query.page_size }),
      ),
    }),
  );
