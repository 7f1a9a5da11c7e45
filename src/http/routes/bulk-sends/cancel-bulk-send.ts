import type { AppContext } from '../../../app/context.js';
import { cancelBulkSend } from '../../../app/bulk-sends/cancel-bulk-send.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { BULK_SEND_EXAMPLE, BulkSendData, BulkSendIdParams, presentBulkSend } from './bulk-send.schema.js';

export const cancelBulkSendRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/bulk_sends/:bulkSendId/cancel',
    {
      schema: {
        operationId: 'cancelBulkSend',
        summary: 'Stop the rows of a bulk send not yet created',
        description:
          'The rows still pending end `cancelled` and so does the send, with its `bulk_send.completed` event (status `cancelled`). ' +
          'Envelopes already created stay sent (cancel them one by one with POST /envelopes/{envelopeId}/cancel). A completed or ' +
          'cancelled send: 409 BULK_SEND_NOT_CANCELLABLE.',
        tags: ['Bulk sending'],
        params: BulkSendIdParams,
        response: {
          200: Example(Ok(BulkSendData), {
            message: 'Bulk send cancelled.',
            data: {
              ...BULK_SEND_EXAMPLE,
              status: 'cancelled',
              pending: 0,
              cancelled: 129,
              completed_at: '2026-03-03T09:01:12.000Z',
              cancelled_at: '2026-03-03T09:01:12.000Z',
            },
          }),
          ...errorResponses(400, 401, 404, 409, 429),
          ...errorExample(
            'BULK_SEND_NOT_CANCELLABLE',
            'Bulk send bulk_Vq3kT9sLm2XwR8pN4cYd1g is completed: only a queued or running send can be cancelled.',
          ),
        },
      },
    },
    async (request) => ({
      message: 'Bulk send cancelled.',
      data: presentBulkSend(await cancelBulkSend(ctx, callerOf(request), request.params.bulkSendId)),
    }),
  );
