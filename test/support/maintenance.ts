import { BLOB_GRACE_PERIOD_MS } from '../../src/app/documents/collect-unreferenced-blobs.js';
import type { AppContext } from '../../src/app/context.js';
import { runMaintenance } from '../../src/app/jobs/maintenance.js';
import type { TestClock } from './test-clock.js';

/** Runs the maintenance as if the blobs' grace period (and an hour) had passed, then puts the clock back. */
export const runMaintenanceAfterGracePeriod = async (ctx: AppContext, clock: TestClock): Promise<void> => {
  const past = BLOB_GRACE_PERIOD_MS + 3600_000;
  clock.advance(past);
  try {
    await runMaintenance(ctx);
  } finally {
    clock.advance(-past);
  }
};
