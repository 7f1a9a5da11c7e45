import type { RouteModule } from '../route-module.js';
import { createEnvelopeWithFilesRoute } from './create-envelope-with-files.js';
import { createEnvelopeWithTemplateRoute } from './create-envelope-with-template.js';
import { uploadEnvelopeFileRoute } from './upload-file.js';

export const envelopeFileRoutes: RouteModule[] = [uploadEnvelopeFileRoute, createEnvelopeWithFilesRoute, createEnvelopeWithTemplateRoute];
