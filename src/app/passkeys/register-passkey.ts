import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { AppError } from '../../domain/app-error.js';
import { PASSKEYS, defaultPasskeyName, relyingPartyOf } from '../../domain/passkey.js';
import { readAccountForUpdate } from '../../infra/db/tables/accounts-table.js';
import { consumePasskeyChallenge } from '../../infra/db/tables/passkey-challenges-table.js';
import { countPasskeysOfUser, credentialIdTaken, insertPasskey, type Passkey } from '../../infra/db/tables/passkeys-table.js';
import { newId } from '../../infra/ids.js';
import { challengeOf, verifyAttestation } from '../../infra/webauthn/relying-party.js';
import type { AppContext, Caller } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { recordSecurityEvent } from '../security-log/record-security-event.js';
import { passkeyHolderOf } from './passkey-holder.js';
import { passkeyLimitReached } from './passkey-limit.js';

export const REGISTRATION_FAILED_MESSAGE =
  'The passkey could not be registered: the answer does not match a challenge of yours that is still valid (ask for new options), ' +
  'or its origin, RP ID or attestation is wrong.';

const registrationFailed = () => new AppError('PASSKEY_REGISTRATION_FAILED', REGISTRATION_FAILED_MESSAGE);

/**
 * `POST /console/passkeys`: keeps the passkey the browser made from the options. The challenge it
 * answers is used up whatever the outcome (its own committed step); a refused answer stores nothing
 * else. The account row's lock makes a person's concurrent registrations count one after another.
 */
export const registerPasskey = async (
  ctx: AppContext,
  caller: Caller,
  origin: RequestOrigin,
  input: { response: RegistrationResponseJSON; name?: string },
): Promise<Passkey> => {
  const rp = relyingPartyOf(ctx.config.publicUrl);
  const challenge = challengeOf(input.response.response.clientDataJSON);
  const verified =
    challenge === undefined
      ? { refused: 'no challenge in clientDataJSON' }
      : await verifyAttestation({ response: input.response, challenge, rp });
  const now = ctx.clock.now();

  const outcome = await ctx.db.transaction().execute(async (trx): Promise<Passkey | 'failed' | 'limit'> => {
    const user = await passkeyHolderOf(trx, caller);
    const consumed =
      challenge !== undefined &&
      (await consumePasskeyChallenge(trx, { challenge, purpose: 'registration', userId: user.id, now: now.toISOString() }));
    if (!consumed || 'refused' in verified) return 'failed';
    await readAccountForUpdate(trx, user.accountId);
    const existing = await countPasskeysOfUser(trx, user.id);
    if (existing >= PASSKEYS.maxPerUser) return 'limit';
    if (await credentialIdTaken(trx, verified.credentialId)) return 'failed';
    const passkey: Passkey = {
      id: newId('pky'),
      userId: user.id,
      accountId: user.accountId,
      credentialId: verified.credentialId,
      publicKey: verified.publicKey,
      counter: verified.counter,
      transports: verified.transports,
      name: input.name?.trim() || defaultPasskeyName(existing),
      createdAt: now.toISOString(),
      lastUsedAt: null,
    };
    await insertPasskey(trx, passkey);
    await recordSecurityEvent(ctx, trx, origin, {
      accountId: user.accountId,
      type: 'passkey_added',
      userId: user.id,
      userEmail: user.email,
    });
    return passkey;
  });
  if (outcome === 'limit') throw passkeyLimitReached();
  if (outcome === 'failed') {
    if ('refused' in verified) ctx.logger.info({ reason: verified.refused }, 'passkey registration refused');
    throw registrationFailed();
  }
  return outcome;
};
