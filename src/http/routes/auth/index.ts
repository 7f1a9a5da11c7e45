import type { RouteModule } from '../route-module.js';
import { loginRoute } from './login.js';
import { refreshTokenRoute } from './refresh-token.js';

export const authRoutes: RouteModule[] = [loginRoute, refreshTokenRoute];
