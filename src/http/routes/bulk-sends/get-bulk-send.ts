import type { AppContext } from '../../../app/context.js';
import { getBulkSend } from '../../../app/bulk-sends/get-bulk-send.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { BULK_SEND_EXAMPLE, BulkSendData, BulkSendIdParams, presentBulkSend } from './bulk-send.schema.js';

export const getBulkSendRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/bulk_sends/:bulkSendId',
    {
      schema: {
        operationId: 'getBulkSend',
        summary: 'Where a bulk send stands',
        description:
          'Its status, its rows by state (created + failed + pending + cancelled = total) and every failed row’s problems. ' +
          "Each created envelope carries the send's `bulk_send_id` (envelope details; filter POST /envelopes/list by it). " +
          "Another account's send: 404 BULK_SEND_NOT_FOUND.",
        tags: ['Bulk sending'],
        params: BulkSendIdParams,
        response: {
          200: Example(Ok(BulkSendData), { message: 'Bulk send.', data: BULK_SEND_EXAMPLE }),
          ...errorResponses(400, 401, 404, 429),
          ...errorExample('BULK_SEND_NOT_FOUND', 'No bulk send bulk_Vq3kT9sLm2XwR8pN4cYd1g.'),
        },
      },
    },
    async (request) => ({
      message: 'Bulk send.',
      data: presentBulkSend(await getBulkSend(ctx, callerOf(request).accountId, request.params.bulkSendId)),
    }),
  );
