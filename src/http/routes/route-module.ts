import type { AppContext } from '../../app/context.js';
import type { App } from '../app-type.js';

/** Registers one operation; paths are relative to /api/v2.0 unless the module is mounted at the root. */
export type RouteModule = (app: App, ctx: AppContext) => unknown;
