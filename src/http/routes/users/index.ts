import type { RouteModule } from '../route-module.js';
import { deleteUserRoute } from './delete-user.js';
import { inviteUserRoute } from './invite-user.js';
import { listUsersRoute } from './list-users.js';
import { updateUserRoute } from './update-user.js';

/** The account's people (docs/api/people.md), managed by its admins from the console. */
export const userRoutes: RouteModule[] = [listUsersRoute, inviteUserRoute, updateUserRoute, deleteUserRoute];
