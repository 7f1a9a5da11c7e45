import type { RouteModule } from '../route-module.js';

/** The browser's single sign-on steps outside /api: `/console/sso/start` and `/console/sso/callback`. */
export const ssoPageRoutes: RouteModule[] = [];
