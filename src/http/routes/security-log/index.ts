import type { RouteModule } from '../route-module.js';
import { listSecurityEventsRoute } from './list-security-events.js';

/** The account's security log (docs/api/sign-in.md), under /api/v2.0. */
export const securityLogRoutes: RouteModule[] = [listSecurityEventsRoute];
