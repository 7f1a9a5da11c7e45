import type { RouteModule } from '../route-module.js';
import { createTemplateWithFilesRoute } from './create-template-with-files.js';
import { createTemplateRoute } from './create-template.js';
import { getTemplateDocumentRoute } from './get-template-document.js';
import { getTemplateUploadDocumentRoute } from './get-template-upload-document.js';
import { getTemplateRoute } from './get-template.js';
import { listTemplatesRoute } from './list-templates.js';
import { templateActionRoute } from './template-action.js';
import { updateTemplateRoute } from './update-template.js';
import { uploadTemplateFileRoute } from './upload-template-file.js';

export const templateRoutes: RouteModule[] = [
  createTemplateRoute,
  uploadTemplateFileRoute,
  getTemplateUploadDocumentRoute,
  createTemplateWithFilesRoute,
  listTemplatesRoute,
  getTemplateRoute,
  getTemplateDocumentRoute,
  updateTemplateRoute,
  templateActionRoute,
];
