import { AppError } from '../../domain/app-error.js';
import { addSeconds } from '../../domain/clock.js';
import { assertActive } from '../../domain/envelope-state.js';
import { assertRemindable } from '../../domain/recipient-state.js';
import { readSignerByEmail, updateRecipient } from '../../infra/db/tables/recipients-table.js';
import type { AppContext } from '../context.js';
import { enqueueJob } from '../outbox.js';
import { loadEnvelope } from './load-envelope.js';

/** Manual reminders to one signer are at most this often, so a sender's retry loop cannot spam them. */
export const MANUAL_REMINDER_INTERVAL_SECONDS = 3600;

const assertNotTooSoon = (lastRemindedAt: string | null, now: Date): void => {
  if (!lastRemindedAt) return;
  const nextAllowed = addSeconds(new Date(lastRemindedAt), MANUAL_REMINDER_INTERVAL_SECONDS);
  const waitSeconds = Math.ceil((nextAllowed.getTime() - now.getTime()) / 1000);
  if (waitSeconds <= 0) return;
  throw new AppError('REMINDER_TOO_SOON', `This signer was reminded less than an hour ago; try again in ${waitSeconds} seconds.`, {
    retryAfterSeconds: waitSeconds,
  });
};

/**
 * Queues a reminder e-mail to a signer whose turn it is. The REMINDER_SENT ledger entry is written
 * by the job once the mail has actually gone out.
 */
export const remindSigner = async (
  ctx: AppContext,
  request: { accountId: string; userId: string | null; envelopeId: string; signerEmail: string },
) => {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const envelope = await loadEnvelope(ctx, trx, request.accountId, request.envelopeId, { lock: true });
    assertActive(envelope.status);
    const signer = await readSignerByEmail(trx, envelope.id, request.signerEmail);
    if (!signer) throw new AppError('SIGNER_NOT_FOUND', `No signer with the e-mail ${request.signerEmail} on this envelope.`);
    if (signer.signerRole === 'in_person') {
      throw new AppError('SIGNER_NOT_REMINDABLE', "An in-person signer signs on their host's device: there is nobody to remind by mail.");
    }
    assertRemindable(signer.status);
    assertNotTooSoon(signer.lastRemindedAt, now);
    await updateRecipient(trx, signer.id, { lastRemindedAt: now.toISOString() });
    await enqueueJob(ctx, trx, 'send-reminder', {
      recipientId: signer.id,
      automatic: false,
      ...(request.userId === null ? {} : { remindedBy: request.userId }),
    });
  });
  ctx.jobs.poke();
};
