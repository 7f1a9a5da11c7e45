import type { RouteModule } from '../route-module.js';
import { createClientRoute } from './create-client.js';
import { getAccountRoute } from './get-account.js';
import { getDailyStatisticsRoute } from './get-daily-statistics.js';
import { getSettingsRoute } from './get-settings.js';
import { getStatisticsRoute } from './get-statistics.js';
import { listClientsRoute } from './list-clients.js';
import { revokeClientRoute } from './revoke-client.js';
import { updateSettingsRoute } from './update-settings.js';

export const accountRoutes: RouteModule[] = [
  getAccountRoute,
  getStatisticsRoute,
  getDailyStatisticsRoute,
  getSettingsRoute,
  updateSettingsRoute,
  listClientsRoute,
  createClientRoute,
  revokeClientRoute,
];
