import type { RouteModule } from '../route-module.js';
import { ssoCallbackPageRoute } from './sso-callback-page.js';
import { ssoStartPageRoute } from './sso-start-page.js';

/** The browser's single sign-on steps outside /api: `/console/sso/start` and `/console/sso/callback`. */
export const ssoPageRoutes: RouteModule[] = [ssoStartPageRoute, ssoCallbackPageRoute];
