import type { RouteModule } from '../route-module.js';
import { cancelBulkSendRoute } from './cancel-bulk-send.js';
import { createBulkSendRoute } from './create-bulk-send.js';
import { getBulkSendRoute } from './get-bulk-send.js';
import { listBulkSendsRoute } from './list-bulk-sends.js';

/** Bulk sending (docs/api/bulk-sending.md): one envelope per row from a template, in the background. */
export const bulkSendRoutes: RouteModule[] = [createBulkSendRoute, listBulkSendsRoute, getBulkSendRoute, cancelBulkSendRoute];
