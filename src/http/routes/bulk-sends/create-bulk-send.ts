import type { AppContext } from '../../../app/context.js';
import { startBulkSend } from '../../../app/bulk-sends/start-bulk-send.js';
import { BULK_SEND_LIMITS } from '../../../domain/bulk-send.js';
import { callerOf, type App } from '../../app-type.js';
import { BytesExample, Example, errorExample } from '../../openapi-examples.js';
import { originOf } from '../../request-origin.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { BULK_SEND_EXAMPLE, BulkSendBody, BulkSendData, BulkSendMultipart, MAX_JSON_BYTES, presentBulkSend } from './bulk-send.schema.js';
import { bulkSendSubmission } from './bulk-send-submission.js';

const DESCRIPTION =
  'One envelope per row from one template, created in the background (docs/api/bulk-sending.md). JSON `rows` (each a ' +
  "create_with_template request's `recipients`, with an optional `envelope_name` and `metadata`), or multipart/form-data with a " +
  `CSV \`file\` (at most 5 MB) and the other fields as text parts. 1 to ${BULK_SEND_LIMITS.maxRows} rows (else 400 TOO_MANY_ROWS); ` +
  'a CSV that cannot be read: 400 INVALID_CSV. Every row is checked first, as create_with_template checks its request, nothing ' +
  'stored: an invalid row fails with its problems (`errors[].row`, 1-based; in a CSV the data rows, the line after the header ' +
  'being row 1) and the others go on, unless `all_or_nothing` is true or no row is valid: then 400 BULK_ROWS_INVALID with every ' +
  "row's problems and nothing created. The month's quota must cover every valid row (else 403 ENVELOPE_QUOTA_EXCEEDED, nothing " +
  'created). Answers 202 with the send, `queued`; follow it with GET /bulk_sends/{bulkSendId} or the webhook event ' +
  '`bulk_send.completed`. Accepts an Idempotency-Key header.';

export const createBulkSendRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/bulk_sends',
    {
      config: { idempotent: true },
      bodyLimit: MAX_JSON_BYTES,
      // Row problems stay with their rows; only the request's own refuse it (bulk-send-submission.ts).
      attachValidation: true,
      schema: {
        operationId: 'createBulkSend',
        summary: 'Send one envelope per row from a template',
        description: DESCRIPTION,
        tags: ['Bulk sending'],
        body: {
          content: {
            'application/json': {
              schema: Example(BulkSendBody, {
                template_id: 'tpl_8T2HrtYsl5XErp4YvyWFIg',
                envelope: { name: 'Employment contract', expiration_days: 14 },
                rows: [
                  {
                    recipients: {
                      signers: [
                        {
                          signer_title: 'Employee',
                          name: 'Grace Hopper',
                          email: 'grace@example.com',
                          form_fields: [{ placeholder: 'Start date', default_value: '2026-04-01', editable: false }],
                        },
                        { signer_title: 'Employer', name: 'Ada Lovelace', email: 'ada@example.com' },
                      ],
                    },
                    envelope_name: 'Employment contract – Grace Hopper',
                    metadata: { employee_number: 'E-1042' },
                  },
                ],
                all_or_nothing: false,
              }),
            },
            'multipart/form-data': {
              schema: BytesExample(
                BulkSendMultipart,
                'A CSV',
                'A `file` part with the CSV and text parts for the rest, for example `curl -F file=@hires.csv -F template_id=tpl_… ' +
                  '-F \'envelope={"expiration_days":14}\' …`, where hires.csv starts `Employee.name,Employee.email,Employee.Start date,' +
                  'Employer.name,Employer.email,envelope_name`.',
                { file: 'Employee.name,Employee.email,Employee.Start date,Employer.name,Employer.email\n…', template_id: 'tpl_…' },
              ),
            },
          },
        },
        response: {
          202: Example(Ok(BulkSendData, 'Bulk send queued'), {
            message: 'Bulk send queued.',
            data: { ...BULK_SEND_EXAMPLE, status: 'queued', created: 0, pending: 249 },
          }),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
          ...errorExample('TOO_MANY_ROWS', `A bulk send takes 1 to ${BULK_SEND_LIMITS.maxRows} rows; this one has 10001.`, {
            field: 'rows',
          }),
        },
      },
    },
    async (request, reply) => {
      const send = await startBulkSend(ctx, callerOf(request), await bulkSendSubmission(request), originOf(request));
      return reply.status(202).send({ message: 'Bulk send queued.', data: presentBulkSend(send) });
    },
  );
