import type { RouteModule } from '../route-module.js';

/** Passkeys: register, list, remove, sign in (docs/api/passkeys.md), under /api/v2.0. */
export const passkeyRoutes: RouteModule[] = [];
