import { uploadRoute } from '../envelopes/upload-file.js';

/** templates/upload_file: the envelope upload operation, keeping its uploads for template creation only. */
export const uploadTemplateFileRoute = uploadRoute('/templates/upload_file', 'template', 'uploadTemplateFile', 'Templates');
