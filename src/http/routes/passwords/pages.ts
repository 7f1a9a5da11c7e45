import type { RouteModule } from '../route-module.js';

/** The password reset link's page outside /api: `/console/reset/{token}`. */
export const passwordPageRoutes: RouteModule[] = [];
