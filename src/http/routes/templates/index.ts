import { uploadRoute } from '../envelopes/upload-file.js';
import type { RouteModule } from '../route-module.js';
import { createTemplateWithFilesRoute } from './create-template-with-files.js';
import { createTemplateRoute } from './create-template.js';
import { listTemplatesRoute } from './list-templates.js';
import { templateActionRoute } from './template-action.js';

export const templateRoutes: RouteModule[] = [
  createTemplateRoute,
  uploadRoute('/templates/upload_file', 'template', 'uploadTemplateFile', 'Templates'),
  createTemplateWithFilesRoute,
  listTemplatesRoute,
  templateActionRoute,
];
