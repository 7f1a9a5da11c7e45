import type { AppContext } from '../context.js';
import { enqueueJob } from '../outbox.js';
import { normalizeEmail } from '../users/email-address.js';

/**
 * `POST /console/password_reset`: queues the lookup and the mail, whatever the address, like a
 * sign-in link: neither the answer nor its time tells whether the address is a user's.
 */
export const requestPasswordReset = async (ctx: AppContext, email: string): Promise<void> => {
  await ctx.db.transaction().execute((trx) => enqueueJob(ctx, trx, 'send-password-reset', { email: normalizeEmail(email) }));
  ctx.jobs.poke();
};
