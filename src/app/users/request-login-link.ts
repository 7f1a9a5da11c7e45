import type { AppContext } from '../context.js';
import { enqueueJob } from '../outbox.js';
import { normalizeEmail } from './email-address.js';

/**
 * `POST /console/login_link`: queues the lookup and the mail, whatever the address. The request does
 * the same work for a user's address as for any other (one insert), so neither its answer nor its
 * time tells whether the address is a user's.
 */
export const requestLoginLink = async (ctx: AppContext, email: string): Promise<void> => {
  await ctx.db.transaction().execute((trx) => enqueueJob(ctx, trx, 'send-login-link', { email: normalizeEmail(email) }));
  ctx.jobs.poke();
};
