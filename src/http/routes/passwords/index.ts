import type { RouteModule } from '../route-module.js';
import { changePasswordRoute } from './change-password.js';
import { requestPasswordResetRoute } from './request-password-reset.js';
import { resetPasswordRoute } from './reset-password.js';
import { signInWithPasswordRoute } from './sign-in-with-password.js';

/** Password sign-in, change and reset (docs/api/sign-in.md), under /api/v2.0. */
export const passwordRoutes: RouteModule[] = [signInWithPasswordRoute, changePasswordRoute, requestPasswordResetRoute, resetPasswordRoute];
