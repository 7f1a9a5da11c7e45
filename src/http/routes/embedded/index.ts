import { generateEmbeddedUrlRoute } from './generate-embedded-url.js';
import type { RouteModule } from '../route-module.js';

export const embeddedRoutes: RouteModule[] = [generateEmbeddedUrlRoute];
