import { addSeconds } from '../../domain/clock.js';
import { CONSOLE_SIGN_IN } from '../../domain/console-sign-in.js';
import type { Db } from '../../infra/db/database.js';
import { insertLoginLink } from '../../infra/db/tables/console-login-links-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';

const LOGIN_LINK_PREFIX = 'cs_ll_';

/** Creates a sign-in link for a user: its URL and end. Only the token's hash is stored. */
export const issueLoginLink = async (ctx: AppContext, trx: Db, userId: string): Promise<{ url: string; expiresAt: string }> => {
  const now = ctx.clock.now();
  const token = newSecret(LOGIN_LINK_PREFIX);
  const expiresAt = addSeconds(now, CONSOLE_SIGN_IN.linkTtlSeconds).toISOString();
  await insertLoginLink(trx, {
    tokenHash: sha256Hex(token),
    userId,
    expiresAt,
    usedAt: null,
    createdAt: now.toISOString(),
  });
  return { url: `${ctx.config.publicUrl}/console/login/${token}`, expiresAt };
};
