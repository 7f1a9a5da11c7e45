import type { SecurityEvent, SignInMethod } from '../../domain/security-event.js';
import type { Db } from '../../infra/db/database.js';
import { insertSecurityEvent } from '../../infra/db/tables/security-events-table.js';
import { newId } from '../../infra/ids.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';

/** What a use case says about an event; the id, the time and the request's origin are filled in here. */
export type SecurityEventInput = Pick<SecurityEvent, 'accountId' | 'type'> &
  Partial<Pick<SecurityEvent, 'userId' | 'userEmail' | 'method' | 'detail'>>;

/**
 * Appends to the account's security log, inside the caller's transaction when `db` is one, so the
 * log says what happened exactly when it happened. A sign-in that fails for an address no user has
 * belongs to no account and is not recorded (the per-address lock-out still counts it).
 */
export const recordSecurityEvent = async (ctx: AppContext, db: Db, origin: RequestOrigin, event: SecurityEventInput): Promise<void> => {
  await insertSecurityEvent(db, {
    id: newId('sev'),
    accountId: event.accountId,
    type: event.type,
    userId: event.userId ?? null,
    userEmail: event.userEmail ?? null,
    method: event.method ?? null,
    ip: origin.ipAddress,
    userAgent: origin.userAgent,
    detail: event.detail ?? null,
    at: ctx.clock.now().toISOString(),
  });
};

/** A refused sign-in of a known user: `sign_in_failed` with the method tried and why it was refused. */
export const recordFailedSignIn = (
  ctx: AppContext,
  db: Db,
  origin: RequestOrigin,
  user: { id: string; accountId: string; email: string },
  method: SignInMethod,
  detail: string,
): Promise<void> =>
  recordSecurityEvent(ctx, db, origin, {
    accountId: user.accountId,
    type: 'sign_in_failed',
    userId: user.id,
    userEmail: user.email,
    method,
    detail,
  });
