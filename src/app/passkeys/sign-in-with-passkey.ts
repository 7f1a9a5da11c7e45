import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '../../domain/app-error.js';
import { counterAdvances, relyingPartyOf } from '../../domain/passkey.js';
import { consumePasskeyChallenge } from '../../infra/db/tables/passkey-challenges-table.js';
import { readPasskeyByCredentialIdForUpdate, recordPasskeyUse } from '../../infra/db/tables/passkeys-table.js';
import { readUser } from '../../infra/db/tables/users-table.js';
import { challengeOf, userHandleOf, verifyAssertion } from '../../infra/webauthn/relying-party.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { recordFailedSignIn, recordSecurityEvent } from '../security-log/record-security-event.js';
import { ssoRequiredFor } from '../sso/sso-enforcement.js';
import { startConsoleSession, type StartedSession } from '../users/console-session.js';

export const PASSKEY_SIGN_IN_FAILED_MESSAGE =
  'The passkey could not be verified: ask for new sign-in options and try again, or sign in another way.';

export const SSO_REQUIRED_MESSAGE = 'Your organisation signs you in through its identity provider: use single sign-on.';

/** Who signed in, and their session's cookie token and absolute end. */
export interface PasskeySignIn {
  userId: string;
  accountId: string;
  session: StartedSession;
}

type Outcome = PasskeySignIn | { refused: 'failed' | 'sso' };

/**
 * `POST /console/passkey_sign_in`: the assertion of a discoverable passkey opens a console session
 * for its user. The challenge it answers is used up whatever the outcome; the passkey's row is locked
 * while its signature counter is checked and advanced, so of two answers carrying one counter value
 * only the first passes. Every refusal looks the same to the caller (401 PASSKEY_SIGN_IN_FAILED); the
 * account's security log says which, when the passkey is known. An account that enforces single
 * sign-on refuses its users (403 SSO_REQUIRED), the owner excepted (ssoRequiredFor).
 */
export const signInWithPasskey = async (
  ctx: AppContext,
  origin: RequestOrigin,
  response: AuthenticationResponseJSON,
): Promise<PasskeySignIn> => {
  const rp = relyingPartyOf(ctx.config.publicUrl);
  const challenge = challengeOf(response.response.clientDataJSON);
  const now = ctx.clock.now();

  const outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
    const consumed =
      challenge !== undefined &&
      (await consumePasskeyChallenge(trx, { challenge, purpose: 'sign_in', userId: null, now: now.toISOString() }));
    const passkey = response.id === response.rawId ? await readPasskeyByCredentialIdForUpdate(trx, response.id) : undefined;
    const user = passkey && (await readUser(trx, passkey.userId));
    if (!passkey || !user) return { refused: 'failed' };

    const failed = async (detail: string): Promise<Outcome> => {
      await recordFailedSignIn(ctx, trx, origin, user, 'passkey', detail);
      return { refused: 'failed' };
    };
    if (!consumed) return failed('unknown, used or expired challenge');
    if (response.response.userHandle !== undefined && response.response.userHandle !== userHandleOf(user.id)) {
      return failed('passkey of another user');
    }
    const verified = await verifyAssertion({ response, challenge, rp, credential: passkey });
    if ('refused' in verified) {
      ctx.logger.info({ reason: verified.refused }, 'passkey sign-in refused');
      return failed('signature not verified');
    }
    if (!counterAdvances(passkey.counter, verified.counter)) return failed('signature counter did not advance');
    await recordPasskeyUse(trx, passkey.id, { counter: verified.counter, usedAt: now.toISOString() });

    if (await ssoRequiredFor(trx, user)) {
      await recordFailedSignIn(ctx, trx, origin, user, 'passkey', 'single sign-on required');
      return { refused: 'sso' };
    }
    await recordSecurityEvent(ctx, trx, origin, {
      accountId: user.accountId,
      type: 'sign_in',
      userId: user.id,
      userEmail: user.email,
      method: 'passkey',
    });
    return { userId: user.id, accountId: user.accountId, session: await startConsoleSession(trx, user, now) };
  });
  if ('session' in outcome) return outcome;
  if (outcome.refused === 'sso') throw new AppError('SSO_REQUIRED', SSO_REQUIRED_MESSAGE);
  throw new AppError('PASSKEY_SIGN_IN_FAILED', PASSKEY_SIGN_IN_FAILED_MESSAGE);
};
