import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { PASSKEYS, relyingPartyOf } from '../../domain/passkey.js';
import { requestOptions } from '../../infra/webauthn/relying-party.js';
import type { AppContext } from '../context.js';
import { keepPasskeyChallenge } from './passkey-challenges.js';

/**
 * `POST /console/passkey_sign_in/options`: a fresh challenge and no list of credentials, so the
 * browser offers whichever passkeys of this site it holds and the answer says nothing about users.
 */
export const passkeySignInOptions = async (ctx: AppContext): Promise<PublicKeyCredentialRequestOptionsJSON> => {
  const options = await requestOptions({ rp: relyingPartyOf(ctx.config.publicUrl), timeoutMs: PASSKEYS.challengeTtlSeconds * 1000 });
  await ctx.db
    .transaction()
    .execute((trx) => keepPasskeyChallenge(trx, { challenge: options.challenge, purpose: 'sign_in', userId: null }, ctx.clock.now()));
  return options;
};
