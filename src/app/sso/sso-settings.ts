import { AppError } from '../../domain/app-error.js';
import type { SsoSettings } from '../../domain/sso-settings.js';
import { readSsoConfig } from '../../infra/db/tables/sso-configs-table.js';
import type { AppContext } from '../context.js';

export const SSO_NOT_CONFIGURED_MESSAGE = 'This account has no single sign-on configured.';

/** `GET /account/sso`: the settings, never the client secret. */
export const readSsoSettings = async (ctx: AppContext, accountId: string): Promise<SsoSettings> => {
  const config = await readSsoConfig(ctx.db, accountId);
  if (!config) throw new AppError('SSO_NOT_CONFIGURED', SSO_NOT_CONFIGURED_MESSAGE);
  const { sealedClientSecret: _secret, metadata: _metadata, ...settings } = config;
  return settings;
};
