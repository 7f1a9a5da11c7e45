import type { SsoConfig } from '../../infra/db/tables/sso-configs-table.js';
import type { AppContext } from '../context.js';

/** The secret is bound to its account: a sealed secret copied onto another account's row does not open. */
const boundTo = (accountId: string): string => `sso client secret ${accountId}`;

export const sealClientSecret = (ctx: AppContext, accountId: string, secret: string): string =>
  ctx.ssoSecrets.seal(secret, boundTo(accountId));

/** The stored secret in clear, for the provider's token endpoint; a process with another key says what the operator must fix. */
export const openClientSecret = (ctx: AppContext, config: SsoConfig): string => {
  try {
    return ctx.ssoSecrets.open(config.sealedClientSecret, boundTo(config.accountId));
  } catch {
    throw new Error(
      "The single sign-on client secret does not open with this process's key: every process of the installation needs the same SECRETS_KEY.",
    );
  }
};
