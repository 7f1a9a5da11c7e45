import { signPageRoute } from '../pages/sign-page.js';
import { staticAssetsRoute } from '../pages/static-assets.js';
import type { RouteModule } from '../route-module.js';
import { checkPdfRoute } from '../verification/check-pdf.js';
import { verificationPageRoute } from '../verification/verification-page.js';

/** Routes outside /api/v2.0: the signing and verification pages and their assets. */
export const pageRoutes: RouteModule[] = [staticAssetsRoute, signPageRoute, verificationPageRoute, checkPdfRoute];
