import type { AppContext } from '../context.js';
import { declineAsSigner, type DeclineResult } from '../envelopes/decline-envelope.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { openSigningAccess } from './signing-access.js';

/** The signer declines from the signing page; the token says who and on which envelope. */
export const declineBySigningToken = async (ctx: AppContext, rawToken: string, reason: string, origin: RequestOrigin): Promise<DeclineResult> => {
  const { envelope, recipient } = await openSigningAccess(ctx, ctx.db, rawToken);
  return declineAsSigner(ctx, { accountId: envelope.accountId, envelopeId: envelope.id, signerId: recipient.id, reason, origin });
};
