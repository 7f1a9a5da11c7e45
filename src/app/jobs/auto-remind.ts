import { isOnTurn } from '../../domain/recipient-state.js';
import { readRecipients, updateRecipient } from '../../infra/db/tables/recipients-table.js';
import type { AppContext } from '../context.js';
import { loadEnvelopeById } from '../envelopes/load-envelope.js';
import { enqueueJob } from '../outbox.js';
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
    const due = (await readRecipients(trx, envelopeId, 'signer')).filter((signer) => isOnTurn(signer.status));
    const remindedAt = ctx.clock.now().toISOString();
    for (const signer of due) {
      await enqueueJob(ctx, trx, 'send-reminder', { recipientId: signer.id, automatic: true });
      await updateRecipient(trx, signer.id, { autoRemindedAt: remindedAt });
    }
  });
  ctx.jobs.poke();
};
