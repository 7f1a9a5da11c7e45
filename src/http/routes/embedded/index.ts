import type { RouteModule } from '../route-module.js';
import { builderDocumentRoute } from './builder-document.js';
import { generateEditUrlRoute } from './generate-edit-url.js';
import { generateEmbeddedUrlRoute } from './generate-embedded-url.js';
import { generateSenderUrlRoute } from './generate-sender-url.js';
import { openBuilderRoute } from './open-builder.js';
import { saveBuilderTemplateRoute } from './save-builder-template.js';
import { sendBuilderDraftRoute } from './send-builder-draft.js';

/**
 * The embedded signing URL, and the embedded builders (docs/api/people.md): their URLs (an access token),
 * and the builder API their pages call (public: the builder's token is the credential).
 */
export const embeddedRoutes: RouteModule[] = [
  generateEmbeddedUrlRoute,
  generateEditUrlRoute,
  generateSenderUrlRoute,
  openBuilderRoute,
  builderDocumentRoute,
  saveBuilderTemplateRoute,
  sendBuilderDraftRoute,
];
