import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../context.js';

/** The batch of bulk rows each service (its context) is running: one at a time per process. */
const running = new WeakMap<AppContext, Promise<void>>();

/** Longest rest after a row: a slow row (a signature page added to a large PDF) does not stall the send for long. */
const MAX_REST_MS = 50;

/**
 * Runs a batch of bulk rows once this process runs no other (docs/api/bulk-sending.md "Throttle"):
 * sends of several accounts share the process's bulk capacity instead of each taking a share.
 */
export const oneBulkBatchAtATime = (ctx: AppContext, batch: () => Promise<void>): Promise<void> => {
  const before = running.get(ctx) ?? Promise.resolve();
  const mine = before.then(batch);
  running.set(
    ctx,
    mine.catch(() => undefined),
  );
  return mine;
};

/**
 * Runs one row, then rests as long as it took: a send takes at most about half of the event loop,
 * and interactive requests arriving meanwhile find it free between rows. Measured on the wall
 * clock: it paces real work, not the service's notion of time.
 */
export const paced = async <T>(row: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await row();
  await sleep(Math.min(performance.now() - started, MAX_REST_MS));
  return result;
};
