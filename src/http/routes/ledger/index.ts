import type { RouteModule } from '../route-module.js';
import { ledgerConsistencyRoute } from './ledger-consistency.js';
import { ledgerHeadRoute } from './ledger-head.js';
import { ledgerProofRoute } from './ledger-proof.js';
import { ledgerTrustRoute } from './ledger-trust.js';

export const ledgerRoutes: RouteModule[] = [ledgerHeadRoute, ledgerProofRoute, ledgerConsistencyRoute, ledgerTrustRoute];
