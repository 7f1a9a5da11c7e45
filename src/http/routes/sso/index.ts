import type { RouteModule } from '../route-module.js';

/** The account's single sign-on configuration (docs/guide/single-sign-on.md), under /api/v2.0. */
export const ssoApiRoutes: RouteModule[] = [];
