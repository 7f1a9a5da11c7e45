import { readSessionByTokenHash, endSession } from '../../infra/db/tables/console-sessions-table.js';
import { sha256Hex } from '../../infra/hash.js';
import type { AppContext } from '../context.js';

/** `POST /console/logout`: ends the session and every access token it exchanged for. Nothing to end is fine too. */
export const endConsoleSession = async (ctx: AppContext, sessionToken: string | undefined): Promise<void> => {
  if (!sessionToken) return;
  const session = await readSessionByTokenHash(ctx.db, sha256Hex(sessionToken));
  if (!session) return;
  await endSession(ctx.db, session.id, ctx.clock.now().toISOString());
  // Evicted after the commit, so no lookup caches one of its tokens again from before it.
  ctx.accessTokens.forgetFamily(session.id);
};
