import type { AppContext } from '../../app/context.js';
import type { App } from '../app-type.js';
import { getAccountRoute } from './account/get-account.js';
import { loginRoute } from './auth/login.js';
import { refreshTokenRoute } from './auth/refresh-token.js';
import { healthRoutes } from './health.js';

type RouteModule = (app: App, ctx: AppContext) => unknown;

/** Operations of the v2.0 API; their paths are relative to /api/v2.0. */
const apiRoutes: RouteModule[] = [loginRoute, refreshTokenRoute, getAccountRoute];

export const registerRoutes = async (app: App, ctx: AppContext) => {
  healthRoutes(app, ctx);
  await app.register(
    async (api: App) => {
      for (const route of apiRoutes) route(api, ctx);
    },
    { prefix: '/api/v2.0' },
  );
};
