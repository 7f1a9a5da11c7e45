import type { Config } from '../../config.js';

/** Where the provider sends the browser back: what the admin registers at their identity provider. */
export const ssoRedirectUri = (config: Pick<Config, 'publicUrl'>): string => `${config.publicUrl.replace(/\/+$/, '')}/console/sso/callback`;
