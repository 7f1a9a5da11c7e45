import type { RouteModule } from '../route-module.js';
import { endConsoleSessionRoute } from './end-console-session.js';
import { exchangeConsoleSessionRoute } from './exchange-console-session.js';
import { requestLoginLinkRoute } from './request-login-link.js';

/** The console's sign-in API (docs/api/people.md), under /api/v2.0. */
export const consoleApiRoutes: RouteModule[] = [requestLoginLinkRoute, exchangeConsoleSessionRoute, endConsoleSessionRoute];
