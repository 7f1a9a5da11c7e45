import type { RouteModule } from '../route-module.js';
import { downloadSupportingDocumentRoute } from './download-supporting-document.js';
import { listSupportingDocumentsRoute } from './list-supporting-documents.js';
import { uploadSupportingDocumentRoute } from './upload-supporting-document.js';

export const attachmentRoutes: RouteModule[] = [
  uploadSupportingDocumentRoute,
  listSupportingDocumentsRoute,
  downloadSupportingDocumentRoute,
];
