import type { RouteModule } from '../route-module.js';

/** Password sign-in, change and reset (docs/api/sign-in.md), under /api/v2.0. */
export const passwordRoutes: RouteModule[] = [];
