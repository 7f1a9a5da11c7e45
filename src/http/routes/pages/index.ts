import type { RouteModule } from '../route-module.js';
import { builderPageRoute } from './builder-page.js';
import { consolePageRoute } from './console-page.js';
import { setupPageRoute } from './setup-page.js';
import { signPageRoute } from './sign-page.js';
import { staticAssetsRoute } from './static-assets.js';

/** The signing page, the console, the embedded builders' page, the setup page and the pages' assets, outside /api/v2.0. */
export const pageRoutes: RouteModule[] = [staticAssetsRoute, signPageRoute, consolePageRoute, builderPageRoute, setupPageRoute];
