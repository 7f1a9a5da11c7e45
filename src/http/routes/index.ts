import type { AppContext } from '../../app/context.js';
import type { App } from '../app-type.js';
import { getAccountRoute } from './account/get-account.js';
import { attachmentRoutes } from './attachments/index.js';
import { loginRoute } from './auth/login.js';
import { refreshTokenRoute } from './auth/refresh-token.js';
import { createEnvelopeRoute } from './envelopes/create-envelope.js';
import { envelopeFileRoutes } from './envelopes/file-routes.js';
import { envelopeLifecycleRoutes } from './envelopes/lifecycle-routes.js';
import { envelopeReadRoutes } from './envelopes/read-routes.js';
import { embeddedRoutes } from './embedded/index.js';
import { healthRoutes } from './health.js';
import { ledgerRoutes } from './ledger/index.js';
import type { RouteModule } from './route-module.js';
import { signingApiRoutes } from './signing/index.js';
import { pageRoutes } from './signing/pages.js';
import { templateRoutes } from './templates/index.js';

/** Operations of the v2.0 API; their paths are relative to /api/v2.0. */
const apiRoutes: RouteModule[] = [
  loginRoute,
  refreshTokenRoute,
  getAccountRoute,
  createEnvelopeRoute,
  ...envelopeFileRoutes,
  ...envelopeReadRoutes,
  ...envelopeLifecycleRoutes,
  ...templateRoutes,
  ...attachmentRoutes,
  ...signingApiRoutes,
  ...ledgerRoutes,
  ...embeddedRoutes,
];

export const registerRoutes = async (app: App, ctx: AppContext) => {
  healthRoutes(app, ctx);
  for (const route of pageRoutes) route(app, ctx);
  await app.register(
    async (api: App) => {
      for (const route of apiRoutes) route(api, ctx);
    },
    { prefix: '/api/v2.0' },
  );
};
