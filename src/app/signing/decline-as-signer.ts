import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { recordDecline, type DeclineResult } from '../envelopes/record-decline.js';
import { claimSigningToken, openSigningAccess } from './signing-access.js';

/** The signer declines from the signing page; the token says who and on which envelope. */
export const declineAsSigner = async (ctx: AppContext, rawToken: string, reason: string, origin: RequestOrigin): Promise<DeclineResult> => {
  const { envelope, recipient } = await openSigningAccess(ctx, ctx.db, await claimSigningToken(ctx, rawToken));
  return recordDecline(ctx, { accountId: envelope.accountId, envelopeId: envelope.id, signerId: recipient.id, reason, origin });
};
