import { Type, type Static } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { listEnvelopes, type EnvelopePage as EnvelopePageModel } from '../../../app/envelopes/list-envelopes.js';
import { ENVELOPE_STATUSES } from '../../../domain/envelope-state.js';
import { callerOf, type App } from '../../app-type.js';
import { Example, errorExample } from '../../openapi-examples.js';
import { Email, Id, Int, List, Ok, Strict, Text, Timestamp, errorResponses } from '../../schema-kit.js';

const Status = Type.Union(ENVELOPE_STATUSES.map((status) => Type.Literal(status)));
const PaginationInt = (maximum: number, description: string) =>
  Type.Optional(Int(1, maximum, { 'x-invalid-code': 'INVALID_PAGINATION', description }));

export const ListRequest = Strict({
  filters: Type.Optional(
    Strict({
      status: Type.Optional(
        List(Status, ENVELOPE_STATUSES.length, {
          description: 'Effective statuses: an open envelope past its due date is Expired; `Correcting` is one sent back by a signer',
        }),
      ),
      name_contains: Type.Optional(
        Text(255, {
          description: 'A literal part of the name, letter case aside (SQLite folds ASCII letters only, PostgreSQL all letters)',
        }),
      ),
      tags: Type.Optional(
        List(Text(64, { minLength: 1 }), 50, { description: 'The envelope carries every one of these tags (case-insensitive)' }),
      ),
      recipient_email: Type.Optional(Email({ description: 'A signer or observer of the envelope' })),
      template_id: Type.Optional(Text(64, { minLength: 1 })),
      created_from: Type.Optional(Timestamp({ description: 'Inclusive' })),
      created_to: Type.Optional(Timestamp({ description: 'Inclusive' })),
      bulk_send_id: Type.Optional(Text(64, { minLength: 1, description: 'The envelopes a bulk send created (docs/api/bulk-sending.md)' })),
    }),
  ),
  page: PaginationInt(1_000_000, '1-based page number (default 1)'),
  page_size: PaginationInt(100, 'Envelopes per page, 1–100 (default 20)'),
  sort: Type.Optional(
    Strict({
      field: Type.Optional(
        Type.Union([Type.Literal('created_at'), Type.Literal('name'), Type.Literal('status')], { description: 'Default created_at' }),
      ),
      order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { description: 'Default desc' })),
    }),
  ),
});

const EnvelopeSummary = Type.Object({
  envelope_id: Id('env'),
  name: Text(255),
  status: Text(16),
  created_at: Timestamp(),
  signing_due_date: Timestamp(),
  recipients_count: Int(0, 100, { description: 'Signers and observers' }),
  signed_count: Int(0, 100, { description: 'Signers who have signed' }),
});

const EnvelopePage = Type.Object({
  envelopes: List(EnvelopeSummary, 100),
  page: Int(1, 1_000_000),
  page_size: Int(1, 100),
  total: Int(0, 1_000_000_000),
});

const SORT_FIELDS = { created_at: 'createdAt', name: 'name', status: 'status' } as const;

const toListRequest = ({ filters, page, page_size, sort }: Static<typeof ListRequest>) => ({
  filters: filters && {
    statuses: filters.status,
    nameContains: filters.name_contains,
    tags: filters.tags,
    recipientEmail: filters.recipient_email,
    templateId: filters.template_id,
    createdFrom: filters.created_from,
    createdTo: filters.created_to,
    bulkSendId: filters.bulk_send_id,
  },
  page,
  pageSize: page_size,
  sortBy: sort?.field && SORT_FIELDS[sort.field],
  order: sort?.order,
});

const presentPage = (result: EnvelopePageModel) => ({
  envelopes: result.envelopes.map((e) => ({
    envelope_id: e.id,
    name: e.name,
    status: e.status,
    created_at: e.createdAt,
    signing_due_date: e.signingDueDate,
    recipients_count: e.recipientsCount,
    signed_count: e.signedCount,
  })),
  page: result.page,
  page_size: result.pageSize,
  total: result.total,
});

export const listEnvelopesRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/envelopes/list',
    {
      schema: {
        operationId: 'listEnvelopes',
        summary: "The account's envelopes, filtered, sorted and paged",
        description:
          'Filters combine with AND. Deleted envelopes are never listed. Statuses are effective: an open envelope past its due date is ' +
          'Expired. The status sort orders each status by creation time. `total` is always the exact number of matches. It is kept ' +
          'by the database for no filter, a status, one tag or a template (with a status or not), and added up by day for a creation ' +
          'range, so these answer in milliseconds whatever the account holds, as do deep pages by creation time. A bulk send (at ' +
          'most 10,000 envelopes) is read through its own index. A name, a recipient, ' +
          'several tags or a mix of filters are counted over the envelopes they match: exact, but a term or tag that matches ' +
          'hundreds of thousands of envelopes takes a fraction of a second (docs/concepts/envelopes.md, "Listing").',
        tags: ['Envelopes'],
        body: Example(ListRequest, {
          filters: { name_contains: 'contract', tags: ['hr'], created_from: '2026-03-01T00:00:00.000Z' },
          page: 1,
          page_size: 20,
          sort: { field: 'created_at', order: 'desc' },
        }),
        response: {
          200: Example(Ok(EnvelopePage), {
            message: 'Envelopes.',
            data: {
              envelopes: [
                {
                  envelope_id: 'env_zgqQWvT72rpxEKoy8-nlng',
                  name: 'Employment contract – Grace Hopper',
                  status: 'InProgress',
                  created_at: '2026-03-03T09:15:27.000Z',
                  signing_due_date: '2026-04-02T09:15:27.000Z',
                  recipients_count: 3,
                  signed_count: 1,
                },
              ],
              page: 1,
              page_size: 20,
              total: 1,
            },
          }),
          ...errorResponses(400, 401, 429),
          ...errorExample('INVALID_PAGINATION', '"page_size" must be <= 100.', { field: 'page_size', message: 'The request is invalid.' }),
        },
      },
    },
    async (request) => ({
      message: 'Envelopes.',
      data: presentPage(await listEnvelopes(ctx, callerOf(request).accountId, toListRequest(request.body))),
    }),
  );
