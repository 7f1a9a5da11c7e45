import { AppError } from '../../domain/app-error.js';
import { resolveSettings } from '../../domain/envelope-settings.js';
import { insertBulkSendRows, type BulkSendRow } from '../../infra/db/tables/bulk-send-rows-table.js';
import { insertBulkSend } from '../../infra/db/tables/bulk-sends-table.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import { newId } from '../../infra/ids.js';
import { envelopesCreatedThisMonth } from '../accounts/envelope-quota.js';
import type { AppContext, Caller } from '../context.js';
import { assertTemplateActive } from '../envelopes/create-envelope-from-template.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { enqueueJob } from '../outbox.js';
import { loadTemplate, templateDocuments } from '../templates/load-template.js';
import type { TemplateRoles } from '../templates/template-roles.js';
import type { BulkRowInput, BulkRowsSource, BulkSendRequest, SubmittedRow } from './bulk-send-request.js';
import { readCsvRecords } from './csv-records.js';
import { csvRows } from './csv-rows.js';
import { checkBulkRows } from './check-bulk-rows.js';
import { getBulkSend, type BulkSendView } from './get-bulk-send.js';

/** Envelopes the account may still create this month; null when its plan has no quota. */
const envelopesLeft = async (ctx: AppContext, accountId: string): Promise<number | null> => {
  const account = await readAccount(ctx.db, accountId);
  if (!account) throw new Error(`No account ${accountId}.`);
  const limit = ctx.config.planQuotas[account.plan];
  if (limit === null || limit === undefined) return null;
  return Math.max(0, limit - (await envelopesCreatedThisMonth(ctx.db, accountId, ctx.clock.now())));
};

const quotaExceeded = (wanted: number, left: number) =>
  new AppError(
    'ENVELOPE_QUOTA_EXCEEDED',
    `This send would create ${wanted} envelope${wanted === 1 ? '' : 's'}; the plan allows ${left} more this month. Nothing was created.`,
  );

/** The rows to check, and where each problem's field points in what the caller sent: the body's JSON path, or a CSV column. */
const submittedRows = async (
  source: BulkRowsSource,
  roles: TemplateRoles,
): Promise<{ rows: SubmittedRow[]; fieldOf: (position: number, field: string) => string }> => {
  if (source.kind === 'rows') return { rows: source.rows, fieldOf: (position, field) => `rows[${position - 1}].${field}` };
  const { rows, fieldOf } = csvRows(await readCsvRecords(source.bytes), roles);
  return { rows: rows.map(source.toRow), fieldOf };
};

/**
 * Starts a bulk send (docs/api/bulk-sending.md): the template and the shared settings checked, the
 * quota checked for the whole send, every row checked as create_with_template checks a request;
 * then, in one transaction, the send, its rows (the invalid ones already failed) and the job of its
 * first batch. Nothing is created when the quota does not cover the valid rows, when no row is
 * valid, or with `allOrNothing` when any row is not.
 */
export const startBulkSend = async (
  ctx: AppContext,
  caller: Caller,
  request: BulkSendRequest,
  origin: RequestOrigin,
): Promise<BulkSendView> => {
  const template = await loadTemplate(ctx.db, caller.accountId, request.templateId);
  assertTemplateActive(template);
  // The settings are the same for every row: their problems are the request's, answered once.
  resolveSettings(request.envelope.settings, template.settings);
  const { rows: submitted, fieldOf } = await submittedRows(request.source, template.roles);
  const left = await envelopesLeft(ctx, caller.accountId);
  // An account with nothing left is told before thousands of rows are checked.
  if (left === 0) throw quotaExceeded(submitted.length, 0);

  const envelope = { ...request.envelope, name: request.envelope.name ?? template.name };
  const checked = await checkBulkRows(
    ctx,
    caller.accountId,
    template,
    await templateDocuments(ctx.db, template.id),
    envelope,
    submitted,
    fieldOf,
  );
  const problems = checked.flatMap((row) => ('problems' in row ? row.problems : []));
  const valid = checked.filter((row) => 'input' in row).length;
  if (problems.length && (request.allOrNothing || valid === 0)) {
    const summary =
      valid === 0
        ? `No row of the ${checked.length} is valid: nothing was created.`
        : `${checked.length - valid} of ${checked.length} rows are invalid and all_or_nothing is set: nothing was created.`;
    throw new AppError('BULK_ROWS_INVALID', summary, { problems: [{ code: 'BULK_ROWS_INVALID', message: summary }, ...problems] });
  }
  if (left !== null && valid > left) throw quotaExceeded(valid, left);

  const now = ctx.clock.now().toISOString();
  const id = newId('bulk');
  const rows: BulkSendRow<BulkRowInput>[] = checked.map((row) =>
    'input' in row
      ? { bulkSendId: id, position: row.position, state: 'pending', input: row.input, envelopeId: null, errors: null, doneAt: null }
      : { bulkSendId: id, position: row.position, state: 'failed', input: null, envelopeId: null, errors: row.problems, doneAt: now },
  );
  await ctx.db.transaction().execute(async (trx) => {
    await insertBulkSend(trx, {
      id,
      accountId: caller.accountId,
      templateId: template.id,
      userId: caller.userId,
      clientId: caller.clientId,
      envelope,
      status: 'queued',
      total: rows.length,
      step: 0,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent,
      createdAt: now,
      completedAt: null,
      cancelledAt: null,
    });
    await insertBulkSendRows(trx, rows);
    await enqueueJob(ctx, trx, 'run-bulk-send', { bulkSendId: id, step: 0 });
  });
  ctx.jobs.poke();
  return getBulkSend(ctx, caller.accountId, id);
};
