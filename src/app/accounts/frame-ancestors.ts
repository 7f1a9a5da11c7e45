import { readFrameAncestorsOfEnvelope } from '../../infra/db/tables/accounts-table.js';
import { findSigningToken } from '../signing/signing-tokens.js';
import type { AppContext } from '../context.js';

/**
 * The origins allowed to frame the signing page opened with this token: its envelope's account's
 * `frame_ancestors`. An unknown or expired token allows none, so a guessed URL cannot be framed.
 */
export const frameAncestorsForSigningToken = async (ctx: AppContext, token: string): Promise<string[]> => {
  const signingToken = await findSigningToken(ctx, ctx.db, token);
  if (!signingToken) return [];
  return (await readFrameAncestorsOfEnvelope(ctx.db, signingToken.envelopeId)) ?? [];
};
