import { isOnTurn, type RecipientStatus } from '../../domain/recipient-state.js';
import type { AppContext } from '../context.js';
import { loadEnvelopeById } from '../envelopes/load-envelope.js';
import { enqueueJob } from './enqueue-job.js';
import { isOutForSignature } from './job-subjects.js';

/**
 * The automatic reminder `reminder_period` days before the due date: one 'send-reminder' per
 * signer whose turn it is, enqueued in the same transaction that marks them reminded, so a rerun
 * after a crash finds either both or neither.
 */
export const autoRemind = async (ctx: AppContext, { envelopeId }: { envelopeId: string }): Promise<void> => {
  await ctx.db.transaction().execute(async (trx) => {
    const envelope = await loadEnvelopeById(ctx, trx, envelopeId, { lock: true });
    if (!envelope || !isOutForSignature(envelope.status) || !envelope.emailReminders) return;
    const signers = await trx
      .selectFrom('recipients')
      .select(['id', 'status'])
      .where('envelope_id', '=', envelopeId)
      .where('role', '=', 'signer')
      .orderBy('position')
      .execute();
    const due = signers.filter((signer) => isOnTurn(signer.status as RecipientStatus));
    for (const signer of due) await enqueueJob(ctx, trx, 'send-reminder', { recipientId: signer.id, automatic: true });
    if (due.length) {
      await trx.updateTable('recipients').set({ auto_reminded_at: ctx.clock.now().toISOString() }).where('id', 'in', due.map((s) => s.id)).execute();
    }
  });
  ctx.jobs.poke();
};
