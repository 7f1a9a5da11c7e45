import type { RouteModule } from '../route-module.js';
import { ledgerHeadRoute } from './ledger-head.js';

export const ledgerRoutes: RouteModule[] = [ledgerHeadRoute];
