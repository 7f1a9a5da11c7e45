import { readLoginLink, useLoginLink } from '../../infra/db/tables/console-login-links-table.js';
import { readUser } from '../../infra/db/tables/users-table.js';
import { sha256Hex } from '../../infra/hash.js';
import type { AppContext } from '../context.js';
import { startConsoleSession, type StartedSession } from './console-session.js';

/** What opening a link gave: a session (its cookie's token and absolute end), or why not. */
export type OpenedLink = { session: StartedSession } | { refused: 'unknown' | 'used' | 'expired' };

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
    return { session: await startConsoleSession(trx, user, now) };
  });
};
