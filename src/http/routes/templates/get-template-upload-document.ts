import { uploadDocumentRoute } from '../envelopes/get-upload-document.js';

/** templates/upload_file/{file_id}: the envelope operation, for the uploads kept for template creation. */
export const getTemplateUploadDocumentRoute = uploadDocumentRoute(
  '/templates/upload_file',
  'template',
  'getTemplateUploadDocument',
  'Templates',
);
