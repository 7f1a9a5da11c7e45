import type { RouteModule } from '../route-module.js';
import { getAccountRoute } from './get-account.js';
import { getStatisticsRoute } from './get-statistics.js';

export const accountRoutes: RouteModule[] = [getAccountRoute, getStatisticsRoute];
