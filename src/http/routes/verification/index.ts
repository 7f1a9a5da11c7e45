import type { RouteModule } from '../route-module.js';
import { checkPdfRoute } from './check-pdf.js';
import { verificationPageRoute } from './verification-page.js';

/** Public verification (docs/concepts/ledger.md), outside /api/v2.0: the page, its record and the file check. */
export const verificationRoutes: RouteModule[] = [verificationPageRoute, checkPdfRoute];
