import { getStatisticsRoute } from '../account/get-statistics.js';
import type { RouteModule } from '../route-module.js';
import { downloadDocumentRoute } from './download-document.js';
import { getAuditLogsRoute } from './get-audit-logs.js';
import { getEnvelopeDetailsRoute } from './get-envelope-details.js';
import { getEnvelopeHistoryRoute } from './get-envelope-history.js';
import { listEnvelopesRoute } from './list-envelopes.js';
import { retrieveMetadataRoute } from './retrieve-metadata.js';
import { updateMetadataRoute } from './update-metadata.js';

export const envelopeReadRoutes: RouteModule[] = [
  getEnvelopeDetailsRoute,
  getEnvelopeHistoryRoute,
  getAuditLogsRoute,
  listEnvelopesRoute,
  updateMetadataRoute,
  retrieveMetadataRoute,
  downloadDocumentRoute,
  getStatisticsRoute,
];
