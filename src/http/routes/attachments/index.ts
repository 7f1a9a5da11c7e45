import type { RouteModule } from '../route-module.js';

export const attachmentRoutes: RouteModule[] = [];
