import type { RouteModule } from '../route-module.js';
import { deletePasskeyRoute } from './delete-passkey.js';
import { listPasskeysRoute } from './list-passkeys.js';
import { passkeyRegistrationOptionsRoute } from './passkey-registration-options.js';
import { passkeySignInOptionsRoute } from './passkey-sign-in-options.js';
import { registerPasskeyRoute } from './register-passkey.js';
import { signInWithPasskeyRoute } from './sign-in-with-passkey.js';

/** Passkeys: register, list, remove, sign in (docs/api/passkeys.md), under /api/v2.0. */
export const passkeyRoutes: RouteModule[] = [
  passkeyRegistrationOptionsRoute,
  registerPasskeyRoute,
  listPasskeysRoute,
  deletePasskeyRoute,
  passkeySignInOptionsRoute,
  signInWithPasskeyRoute,
];
