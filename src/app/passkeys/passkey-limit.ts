import { AppError } from '../../domain/app-error.js';
import { PASSKEYS } from '../../domain/passkey.js';

export const passkeyLimitReached = () =>
  new AppError('PASSKEY_LIMIT_REACHED', `A person has at most ${PASSKEYS.maxPerUser} passkeys: remove one first.`);
