import type { RouteModule } from '../route-module.js';
import { cancelEnvelopeRoute } from './cancel-envelope.js';
import { declineEnvelopeRoute } from './decline-envelope.js';
import { deleteEnvelopeRoute } from './delete-envelope.js';
import { extendDueDateRoute } from './extend-due-date.js';
import { remindSignerRoute } from './remind-signer.js';

/** What the sender does to an envelope after sending it (API.md §3). */
export const envelopeLifecycleRoutes: RouteModule[] = [cancelEnvelopeRoute, declineEnvelopeRoute, remindSignerRoute, deleteEnvelopeRoute, extendDueDateRoute];
