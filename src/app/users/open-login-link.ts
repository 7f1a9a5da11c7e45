import { addSeconds } from '../../domain/clock.js';
import { CONSOLE_SIGN_IN } from '../../domain/console-sign-in.js';
import { readLoginLink, useLoginLink } from '../../infra/db/tables/console-login-links-table.js';
import { insertSession } from '../../infra/db/tables/console-sessions-table.js';
import { readUser } from '../../infra/db/tables/users-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newId, newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';

const SESSION_TOKEN_PREFIX = 'cs_ss_';

/** What opening a link gave: a session (its cookie's token and absolute end), or why not. */
export type OpenedLink = { session: { token: string; expiresAt: Date } } | { refused: 'unknown' | 'used' | 'expired' };

/** `GET /console/login/{token}`: uses the link up (once) and opens a session for its user. */
export const openLoginLink = async (ctx: AppContext, token: string): Promise<OpenedLink> => {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx): Promise<OpenedLink> => {
    const link = await readLoginLink(trx, sha256Hex(token));
    if (!link) return { refused: 'unknown' };
    if (link.usedAt) return { refused: 'used' };
    if (link.expiresAt <= now.toISOString()) return { refused: 'expired' };
    const user = await readUser(trx, link.userId);
    if (!user) return { refused: 'unknown' };
    if (!(await useLoginLink(trx, link.tokenHash, now.toISOString()))) return { refused: 'used' };

    const sessionToken = newSecret(SESSION_TOKEN_PREFIX);
    const expiresAt = addSeconds(now, CONSOLE_SIGN_IN.sessionMaxSeconds);
    await insertSession(trx, {
      id: newId('ses'),
      tokenHash: sha256Hex(sessionToken),
      userId: user.id,
      accountId: user.accountId,
      lastSeenAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
      endedAt: null,
      createdAt: now.toISOString(),
    });
    return { session: { token: sessionToken, expiresAt } };
  });
};
