import type { RouteModule } from '../route-module.js';

export const templateRoutes: RouteModule[] = [];
