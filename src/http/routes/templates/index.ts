import type { RouteModule } from '../route-module.js';
import { createTemplateWithFilesRoute } from './create-template-with-files.js';
import { createTemplateRoute } from './create-template.js';
import { listTemplatesRoute } from './list-templates.js';
import { templateActionRoute } from './template-action.js';
import { uploadTemplateFileRoute } from './upload-template-file.js';

export const templateRoutes: RouteModule[] = [
  createTemplateRoute,
  uploadTemplateFileRoute,
  createTemplateWithFilesRoute,
  listTemplatesRoute,
  templateActionRoute,
];
