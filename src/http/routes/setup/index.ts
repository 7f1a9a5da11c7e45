import type { RouteModule } from '../route-module.js';
import { completeSetupRoute } from './complete-setup.js';

/** The first run (docs/guide/getting-started.md), under /api/v2.0. */
export const setupApiRoutes: RouteModule[] = [completeSetupRoute];
