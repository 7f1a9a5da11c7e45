import type { RouteModule } from '../route-module.js';
import { deleteSsoRoute } from './delete-sso.js';
import { getSsoRoute } from './get-sso.js';
import { putSsoRoute } from './put-sso.js';

/** The account's single sign-on configuration (docs/guide/single-sign-on.md), under /api/v2.0. */
export const ssoApiRoutes: RouteModule[] = [getSsoRoute, putSsoRoute, deleteSsoRoute];
