import type { AppContext } from '../../app/context.js';
import type { App } from '../app-type.js';
import { accountRoutes } from './account/index.js';
import { attachmentRoutes } from './attachments/index.js';
import { authRoutes } from './auth/index.js';
import { bulkSendRoutes } from './bulk-sends/index.js';
import { consoleApiRoutes } from './console/index.js';
import { loginLinkPageRoute } from './console/login-link-page.js';
import { envelopeRoutes } from './envelopes/index.js';
import { embeddedRoutes } from './embedded/index.js';
import { healthRoutes } from './health.js';
import { ledgerRoutes } from './ledger/index.js';
import { mcpRoutes } from './mcp/index.js';
import { metricsRoute } from './metrics.js';
import { pageRoutes } from './pages/index.js';
import { publicLinkPageRoutes, publicLinkRoutes } from './public-links/index.js';
import { passkeyRoutes } from './passkeys/index.js';
import { passwordRoutes } from './passwords/index.js';
import { passwordPageRoutes } from './passwords/pages.js';
import type { RouteModule } from './route-module.js';
import { securityLogRoutes } from './security-log/index.js';
import { setupApiRoutes } from './setup/index.js';
import { signingApiRoutes } from './signing/index.js';
import { ssoApiRoutes } from './sso/index.js';
import { ssoPageRoutes } from './sso/pages.js';
import { templateRoutes } from './templates/index.js';
import { userRoutes } from './users/index.js';
import { verificationRoutes } from './verification/index.js';
import { webhookRoutes } from './webhooks/index.js';

/** Operations of the v2.0 API; their paths are relative to /api/v2.0. */
const apiRoutes: RouteModule[] = [
  ...authRoutes,
  ...accountRoutes,
  ...userRoutes,
  ...envelopeRoutes,
  ...templateRoutes,
  ...bulkSendRoutes,
  ...attachmentRoutes,
  ...signingApiRoutes,
  ...ledgerRoutes,
  ...embeddedRoutes,
  ...webhookRoutes,
  ...consoleApiRoutes,
  ...setupApiRoutes,
  ...passwordRoutes,
  ...passkeyRoutes,
  ...ssoApiRoutes,
  ...securityLogRoutes,
  ...publicLinkRoutes,
];

export const registerRoutes = async (app: App, ctx: AppContext) => {
  healthRoutes(app, ctx);
  metricsRoute(app, ctx);
  for (const route of [
    ...pageRoutes,
    ...verificationRoutes,
    loginLinkPageRoute,
    ...passwordPageRoutes,
    ...ssoPageRoutes,
    ...publicLinkPageRoutes,
    ...mcpRoutes,
  ])
    route(app, ctx);
  await app.register(
    async (api: App) => {
      for (const route of apiRoutes) route(api, ctx);
    },
    { prefix: '/api/v2.0' },
  );
};
