import type { RouteModule } from '../route-module.js';

/** Routes outside /api/v2.0: the signing and verification pages and their assets. */
export const pageRoutes: RouteModule[] = [];
