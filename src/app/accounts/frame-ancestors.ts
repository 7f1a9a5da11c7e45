import { readAccount, readFrameAncestorsOfEnvelope } from '../../infra/db/tables/accounts-table.js';
import { builderTokenFramable } from '../builders/builder-tokens.js';
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

/**
 * The origins allowed to frame a builder's page opened with this token: its account's
 * `frame_ancestors`. Looked up without spending the token; an unknown or dead one allows none.
 */
export const frameAncestorsForBuilderToken = async (ctx: AppContext, token: string): Promise<string[]> => {
  const builderToken = await builderTokenFramable(ctx, token);
  if (!builderToken) return [];
  return (await readAccount(ctx.db, builderToken.accountId))?.frameAncestors ?? [];
};
