import type { AppContext } from '../context.js';
import { recordDecline, type DeclineResult, type RecordDeclineRequest } from './record-decline.js';

/** The sender records a signer's decline through the API, naming the signer by e-mail when several could act. */
export const declineForSigner = (ctx: AppContext, request: Omit<RecordDeclineRequest, 'signerId'>): Promise<DeclineResult> =>
  recordDecline(ctx, request);
