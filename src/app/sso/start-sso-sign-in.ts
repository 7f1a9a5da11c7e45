import { addSeconds } from '../../domain/clock.js';
import { AppError } from '../../domain/app-error.js';
import { emailDomainOf, SSO_LIMITS } from '../../domain/sso-settings.js';
import { readSsoConfigByDomain } from '../../infra/db/tables/sso-configs-table.js';
import { insertPendingSsoSignIn, prunePendingSsoSignIns } from '../../infra/db/tables/sso-sign-ins-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { authorizationUrl, newSignInSecrets } from '../../infra/oidc/openid-provider.js';
import type { AppContext } from '../context.js';
import { validEmail } from '../users/email-address.js';
import { openClientSecret } from './sso-client-secret.js';
import { ssoRedirectUri } from './sso-redirect-uri.js';

export interface StartedSsoSignIn {
  /** The provider's authorization endpoint with this sign-in's request. */
  redirectTo: URL;
  /** The `state`, which the browser keeps too (a cookie), so a callback only finishes in the browser that started it. */
  state: string;
}

/**
 * `GET /console/sso/start?email=`: finds the account whose domains hold the address (404
 * SSO_NOT_CONFIGURED otherwise), keeps the sign-in's state, nonce and PKCE verifier in the database
 * for ten minutes (any process finishes it) and sends the browser to the provider.
 */
export const startSsoSignIn = async (ctx: AppContext, rawEmail: string): Promise<StartedSsoSignIn> => {
  const email = validEmail(rawEmail);
  const config = await readSsoConfigByDomain(ctx.db, emailDomainOf(email));
  if (!config) throw new AppError('SSO_NOT_CONFIGURED', `No account signs in ${emailDomainOf(email)} addresses with single sign-on.`);
  const secrets = newSignInSecrets();
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await prunePendingSsoSignIns(trx, now.toISOString());
    await insertPendingSsoSignIn(trx, {
      stateHash: sha256Hex(secrets.state),
      accountId: config.accountId,
      nonce: secrets.nonce,
      codeVerifier: secrets.codeVerifier,
      expiresAt: addSeconds(now, SSO_LIMITS.signInSeconds).toISOString(),
      createdAt: now.toISOString(),
    });
  });
  const redirectTo = await authorizationUrl(
    {
      metadata: config.metadata,
      clientId: config.clientId,
      clientSecret: openClientSecret(ctx, config),
      allowPrivate: ctx.config.ssoAllowPrivate,
      now,
    },
    ssoRedirectUri(ctx.config),
    secrets,
    email,
  );
  return { redirectTo, state: secrets.state };
};
