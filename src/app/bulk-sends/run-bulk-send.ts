import { AppError } from '../../domain/app-error.js';
import { isBulkSendFinished } from '../../domain/bulk-send.js';
import { finishPendingRow, hasPendingRows, readPendingRows, type BulkSendRow } from '../../infra/db/tables/bulk-send-rows-table.js';
import { advanceBulkSendStep, readBulkSend, updateBulkSendIn, type BulkSend } from '../../infra/db/tables/bulk-sends-table.js';
import type { AppContext, Caller } from '../context.js';
import { createEnvelopeFromTemplate } from '../envelopes/create-envelope-from-template.js';
import { enqueueJob, type JobPayloads } from '../outbox.js';
import type { BulkRowInput } from './bulk-send-request.js';
import { oneBulkBatchAtATime, paced } from './bulk-send-throttle.js';
import { rowEnvelope, type NamedBulkEnvelope } from './check-bulk-rows.js';
import { finishBulkSend } from './finish-bulk-send.js';

/** Thrown inside a row's creation when the row is no longer pending: the envelope rolls back with it. */
class RowNoLongerPending extends Error {}

/** Who started the send, as its rows' creations need them: the envelopes' sender is theirs. */
const callerOf = (send: BulkSend): Caller => ({
  accountId: send.accountId,
  clientId: send.clientId,
  userId: send.userId,
  tokenHash: '',
  role: 'sender',
});

/**
 * Creates one row's envelope exactly as create_with_template would, the row marked created (with
 * the envelope's id) in the same transaction: a crash before the commit leaves neither, one after
 * leaves both. A refusal (the quota used up meanwhile, the template deactivated) fails the row with
 * its problems; any other error leaves it pending for the job's retry. False once the row was no
 * longer pending (cancelled, or created by another process).
 */
const createRow = async (ctx: AppContext, send: BulkSend<NamedBulkEnvelope>, row: BulkSendRow<BulkRowInput>): Promise<boolean> => {
  const input = row.input;
  if (!input) return true;
  try {
    await createEnvelopeFromTemplate(
      ctx,
      callerOf(send),
      {
        templateId: send.templateId,
        envelope: rowEnvelope(send.envelope, input),
        signers: input.signers,
        observers: input.observers,
      },
      { ipAddress: send.ipAddress, userAgent: send.userAgent },
      undefined,
      undefined,
      {
        bulkSendId: send.id,
        withinCreation: async (trx, envelopeId) => {
          const marked = await finishPendingRow(trx, send.id, row.position, {
            state: 'created',
            envelopeId,
            at: ctx.clock.now().toISOString(),
          });
          if (!marked) throw new RowNoLongerPending();
        },
      },
    );
    return true;
  } catch (error) {
    if (error instanceof RowNoLongerPending) return false;
    if (!(error instanceof AppError)) throw error;
    return finishPendingRow(ctx.db, send.id, row.position, {
      state: 'failed',
      errors: error.problems.map((problem) => ({ ...problem, row: row.position })),
      at: ctx.clock.now().toISOString(),
    });
  }
};

/**
 * The next step of a send, in one transaction: the job of the next batch while rows are pending
 * (unless a rerun of this step already queued it), else the send completed with its event.
 */
const nextStep = async (ctx: AppContext, send: BulkSend, step: number): Promise<void> => {
  const runAt = new Date(ctx.clock.now().getTime() + ctx.config.bulkSend.pauseMs);
  await ctx.db.transaction().execute(async (trx) => {
    if (await hasPendingRows(trx, send.id)) {
      if (await advanceBulkSendStep(trx, send.id, step)) {
        await enqueueJob(ctx, trx, 'run-bulk-send', { bulkSendId: send.id, step: step + 1 }, runAt);
      }
      return;
    }
    await finishBulkSend(ctx, trx, send, 'completed');
  });
  ctx.jobs.poke();
};

/**
 * A job of a bulk send (docs/api/bulk-sending.md): up to BULK_SEND_BATCH_ROWS pending rows, one
 * after another and paced, then the next step. A step older than the send's (a rerun after a crash,
 * once a later step was queued) does nothing, and a row is created at most once whatever runs it.
 */
export const runBulkSend = async (ctx: AppContext, { bulkSendId, step }: JobPayloads['run-bulk-send']): Promise<void> =>
  oneBulkBatchAtATime(ctx, async () => {
    const send = await readBulkSend<NamedBulkEnvelope>(ctx.db, bulkSendId);
    if (!send || send.step !== step || isBulkSendFinished(send.status)) return;
    if (send.status === 'queued') await updateBulkSendIn(ctx.db, send.id, ['queued'], { status: 'running' });
    const rows = await readPendingRows<BulkRowInput>(ctx.db, send.id, ctx.config.bulkSend.batchRows);
    for (const row of rows) {
      if (!(await paced(() => createRow(ctx, send, row)))) break;
    }
    await nextStep(ctx, send, step);
  });
