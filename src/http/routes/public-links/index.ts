import type { RouteModule } from '../route-module.js';
import { describePublicLinkRoute } from './describe-public-link.js';
import { getPublicLinkRoute } from './get-public-link.js';
import { publicLinkPageRoute } from './public-link-page.js';
import { savePublicLinkRoute } from './save-public-link.js';
import { startPublicLinkRoute } from './start-public-link.js';
import { verifyPublicLinkRoute } from './verify-public-link.js';

/** Public links on templates (docs/api/public-links.md): the sender's routes and the visitor's. */
export const publicLinkRoutes: RouteModule[] = [
  savePublicLinkRoute,
  getPublicLinkRoute,
  describePublicLinkRoute,
  startPublicLinkRoute,
  verifyPublicLinkRoute,
];

/** The public link's page, `/p/{slug}`, outside /api/v2.0. */
export const publicLinkPageRoutes: RouteModule[] = [publicLinkPageRoute];
