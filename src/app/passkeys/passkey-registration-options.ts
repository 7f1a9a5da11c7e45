import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { PASSKEYS, relyingPartyOf } from '../../domain/passkey.js';
import { listPasskeysOfUser } from '../../infra/db/tables/passkeys-table.js';
import { creationOptions } from '../../infra/webauthn/relying-party.js';
import type { AppContext, Caller } from '../context.js';
import { keepPasskeyChallenge } from './passkey-challenges.js';
import { passkeyHolderOf } from './passkey-holder.js';
import { passkeyLimitReached } from './passkey-limit.js';

/**
 * `POST /console/passkeys/options`: what the browser's navigator.credentials.create() needs to make
 * a passkey for the signed-in person, excluding the authenticators that already hold one of theirs.
 * Refused at once when the person has as many passkeys as allowed.
 */
export const passkeyRegistrationOptions = async (ctx: AppContext, caller: Caller): Promise<PublicKeyCredentialCreationOptionsJSON> => {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const user = await passkeyHolderOf(trx, caller);
    const passkeys = await listPasskeysOfUser(trx, user.id, PASSKEYS.maxPerUser);
    if (passkeys.length >= PASSKEYS.maxPerUser) throw passkeyLimitReached();
    const options = await creationOptions({
      rp: relyingPartyOf(ctx.config.publicUrl),
      user,
      exclude: passkeys,
      timeoutMs: PASSKEYS.challengeTtlSeconds * 1000,
    });
    await keepPasskeyChallenge(trx, { challenge: options.challenge, purpose: 'registration', userId: user.id }, now);
    return options;
  });
};
