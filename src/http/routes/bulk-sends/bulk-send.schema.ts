import { Type, type Static } from 'typebox';
import type { BulkEnvelopeInput, BulkRowInput } from '../../../app/bulk-sends/bulk-send-request.js';
import type { BulkSendSummary, BulkSendView } from '../../../app/bulk-sends/get-bulk-send.js';
import type { BulkSendPage } from '../../../app/bulk-sends/list-bulk-sends.js';
import { BULK_SEND_LIMITS, BULK_SEND_STATUSES } from '../../../domain/bulk-send.js';
import { Id, Int, List, Nullable, RequiredText, Strict, Text, Timestamp } from '../../schema-kit.js';
import { RoleObserver, RoleSigner, toRoleObserverInput, toRoleSignerInput } from '../envelopes/create-envelope-with-template.js';
import { EnvelopeObject } from '../envelopes/envelope.schema.js';
import { METADATA_LIMITS } from '../envelopes/retrieve-metadata.js';

/** The largest CSV accepted: 10,000 rows of a few hundred characters each, with room to spare. */
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
/** The largest JSON body: 10,000 rows of a few recipients each, with room to spare. */
export const MAX_JSON_BYTES = 20 * 1024 * 1024;

export const BulkSendIdParams = Strict({
  bulkSendId: Text(64, { minLength: 1, pattern: '^[A-Za-z0-9_-]+$', description: 'The bulk_send_id' }),
});

const { name: envelopeName, ...envelopeSettings } = EnvelopeObject.properties;

export const BulkEnvelope = Strict(
  { name: Type.Optional(envelopeName), ...envelopeSettings },
  {
    description:
      'The settings of every envelope of the send, as in create_with_template; settings left out come from the template. ' +
      "`name` is the envelopes' name where a row gives no `envelope_name` (the template's name where neither does)",
  },
);

export const BulkRow = Strict({
  recipients: Strict({
    signers: List(RoleSigner, 50, { minItems: 1 }),
    observers: Type.Optional(List(RoleObserver, 50)),
  }),
  envelope_name: Type.Optional(RequiredText(255, 'ENVELOPE_NAME_REQUIRED', { description: "This row's envelope name" })),
  metadata: Type.Optional(
    Type.Record(Text(METADATA_LIMITS.keyLength, { minLength: 1 }), Text(METADATA_LIMITS.valueLength), {
      maxProperties: METADATA_LIMITS.keys,
      description: "The envelope's metadata (as update_envelope_metadata sets it, and retrieve_envelope_metadata answers it)",
    }),
  ),
});

export const AllOrNothing = Type.Boolean({
  description: 'true: create nothing unless every row is valid (400 BULK_ROWS_INVALID with every row’s problems); default false',
});

export const BulkSendBody = Strict({
  template_id: RequiredText(64, 'TEMPLATE_ID_REQUIRED'),
  envelope: Type.Optional(BulkEnvelope),
  rows: List(BulkRow, BULK_SEND_LIMITS.maxRows, {
    minItems: 1,
    description: `1 to ${BULK_SEND_LIMITS.maxRows} rows (else 400 TOO_MANY_ROWS); each a create_with_template request's recipients`,
  }),
  all_or_nothing: Type.Optional(AllOrNothing),
});

/** The multipart form's parts other than the file, as their text is read (docs/api/bulk-sending.md "CSV"). */
export const BulkSendFields = Strict({
  template_id: RequiredText(64, 'TEMPLATE_ID_REQUIRED'),
  envelope: Type.Optional(BulkEnvelope),
  all_or_nothing: Type.Optional(AllOrNothing),
});

/** Documents the multipart body for the OpenAPI document (and so the generated client); its parts are read as a stream. */
export const BulkSendMultipart = {
  type: 'object',
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      maxLength: MAX_CSV_BYTES,
      description:
        'The CSV (UTF-8, comma-separated, at most 5 MB): a header line, then one line per row. Columns: `<signer_title>.name`, ' +
        '`<signer_title>.email`, `<signer_title>.phone_number` with `<signer_title>.country_code`, `<signer_title>.language`, ' +
        '`<signer_title>.<placeholder>` (the default value of the role’s field with that placeholder), `<observer_title>.name` and ' +
        '`.email`, `envelope_name` and `metadata.<key>`',
    },
    template_id: { type: 'string', maxLength: 64 },
    envelope: { type: 'string', maxLength: 100_000, description: 'The `envelope` object as JSON text' },
    all_or_nothing: { type: 'string', enum: ['true', 'false'], maxLength: 5 },
  },
  required: ['file', 'template_id'],
};

export const toBulkEnvelopeInput = (envelope: Static<typeof BulkEnvelope> = {}): BulkEnvelopeInput => {
  const { name, description, tags, message, ...settings } = envelope;
  return { name, description, tags, message, settings };
};

export const toBulkRowInput = (row: Static<typeof BulkRow>): BulkRowInput => ({
  signers: row.recipients.signers.map(toRoleSignerInput),
  observers: (row.recipients.observers ?? []).map(toRoleObserverInput),
  envelopeName: row.envelope_name,
  metadata: row.metadata,
});

const Status = Type.String({
  enum: [...BULK_SEND_STATUSES],
  maxLength: 9,
  description: '`queued` until its first rows run, `running`, then `completed` (every row created or failed) or `cancelled`',
});

const summaryProperties = {
  bulk_send_id: Id('bulk'),
  template_id: Id('tpl'),
  status: Status,
  total: Int(1, BULK_SEND_LIMITS.maxRows, { description: 'Rows of the send' }),
  created: Int(0, BULK_SEND_LIMITS.maxRows, { description: 'Rows whose envelope was created and sent' }),
  failed: Int(0, BULK_SEND_LIMITS.maxRows, {
    description: 'Rows refused: when the send was submitted, or when their envelope was created',
  }),
  pending: Int(0, BULK_SEND_LIMITS.maxRows, { description: 'Rows still to create' }),
  cancelled: Int(0, BULK_SEND_LIMITS.maxRows, { description: 'Rows a cancel stopped before their envelope was created' }),
  created_at: Timestamp(),
  completed_at: Nullable(Timestamp(), { description: 'When the send ended: its last row done, or its cancel' }),
  cancelled_at: Nullable(Timestamp()),
};

export const BulkSendSummaryData = Type.Object(summaryProperties);

const RowError = Type.Object({
  row: Int(1, BULK_SEND_LIMITS.maxRows, { description: 'The 1-based row (in a CSV, data rows only: the line after the header is row 1)' }),
  error_code: Text(64, { pattern: '^[A-Z0-9_]+$' }),
  developer_message: Text(2000),
  field: Type.Optional(Text(500, { description: 'Within the request: `rows[<index>].…` for a JSON body, the column for a CSV' })),
});

export const BulkSendData = Type.Object({
  ...summaryProperties,
  errors: List(RowError, BULK_SEND_LIMITS.maxRows * BULK_SEND_LIMITS.maxProblemsPerRow, {
    description: `Every failed row's problems (at most ${BULK_SEND_LIMITS.maxProblemsPerRow} a row), in row order`,
  }),
});

export const BulkSendPageData = Type.Object({
  bulk_sends: List(BulkSendSummaryData, 100),
  page: Int(1, 1_000_000),
  page_size: Int(1, 100),
  total: Int(0, 1_000_000_000),
});

export const BulkSendPageQuery = Strict({
  page: Type.Optional(Int(1, 1_000_000, { 'x-invalid-code': 'INVALID_PAGINATION', description: '1-based page number (default 1)' })),
  page_size: Type.Optional(Int(1, 100, { 'x-invalid-code': 'INVALID_PAGINATION', description: 'Bulk sends per page, 1–100 (default 20)' })),
});

export const presentBulkSendSummary = (send: BulkSendSummary) => ({
  bulk_send_id: send.id,
  template_id: send.templateId,
  status: send.status,
  total: send.total,
  created: send.rows.created,
  failed: send.rows.failed,
  pending: send.rows.pending,
  cancelled: send.rows.cancelled,
  created_at: send.createdAt,
  completed_at: send.completedAt,
  cancelled_at: send.cancelledAt,
});

export const presentBulkSend = (send: BulkSendView) => ({
  ...presentBulkSendSummary(send),
  errors: send.errors.map((problem) => ({
    row: problem.row ?? 0,
    error_code: problem.code,
    developer_message: problem.message,
    ...(problem.field ? { field: problem.field } : {}),
  })),
});

export const presentBulkSendPage = (page: BulkSendPage) => ({
  bulk_sends: page.sends.map(presentBulkSendSummary),
  page: page.page,
  page_size: page.pageSize,
  total: page.total,
});

export const BULK_SEND_EXAMPLE = {
  bulk_send_id: 'bulk_Vq3kT9sLm2XwR8pN4cYd1g',
  template_id: 'tpl_8T2HrtYsl5XErp4YvyWFIg',
  status: 'running',
  total: 250,
  created: 120,
  failed: 1,
  pending: 129,
  cancelled: 0,
  created_at: '2026-03-03T09:00:00.000Z',
  completed_at: null,
  cancelled_at: null,
  errors: [
    {
      row: 17,
      error_code: 'INVALID_FIELD',
      developer_message: '"rows[16].recipients.signers[0].email" must be a valid email.',
      field: 'rows[16].recipients.signers[0].email',
    },
  ],
};
