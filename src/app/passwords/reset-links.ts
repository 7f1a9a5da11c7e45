import { addSeconds } from '../../domain/clock.js';
import { PASSWORD_SIGN_IN } from '../../domain/password-sign-in.js';
import type { Db } from '../../infra/db/database.js';
import { insertPasswordResetLink } from '../../infra/db/tables/password-reset-links-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';

/** Recognisable, so that the log redaction cuts it out of any line it might reach (src/infra/log-redaction.ts). */
const RESET_TOKEN_PREFIX = 'cs_pr_';

/** Creates a reset link for a user: its URL `{PUBLIC_URL}/console/reset/{token}`. Only the token's hash is stored. */
export const issuePasswordResetLink = async (ctx: AppContext, trx: Db, userId: string): Promise<string> => {
  const now = ctx.clock.now();
  const token = newSecret(RESET_TOKEN_PREFIX);
  await insertPasswordResetLink(trx, {
    tokenHash: sha256Hex(token),
    userId,
    expiresAt: addSeconds(now, PASSWORD_SIGN_IN.resetLinkTtlSeconds).toISOString(),
    usedAt: null,
    createdAt: now.toISOString(),
  });
  return `${ctx.config.publicUrl}/console/reset/${token}`;
};
