import type { Db } from '../db/database.js';
import { hasPendingJob, insertJob } from '../db/tables/jobs-table.js';
import { newId } from '../ids.js';

/**
 * A job kind that reschedules itself after each run, with at most one run pending, so every
 * process of a deployment can ensure it at start without multiplying the work.
 */
export const recurringJob = (kind: string, intervalMs: number) => {
  const enqueue = (db: Db, runAt: Date, now: Date) =>
    insertJob(db, {
      id: newId('job'),
      kind,
      payload: {},
      runAt: runAt.toISOString(),
      attempts: 0,
      lockedUntil: null,
      lastError: null,
      createdAt: now.toISOString(),
      doneAt: null,
    });
  return {
    /** Puts a first run on the queue unless one is pending; true when it did. */
    ensureScheduled: async (db: Db, now: Date): Promise<boolean> => {
      if (await hasPendingJob(db, kind)) return false;
      await enqueue(db, now, now);
      return true;
    },
    /** Schedules the run after the one in progress, unless a rerun of it after a crash already did. */
    scheduleNext: async (db: Db, now: Date): Promise<void> => {
      if (await hasPendingJob(db, kind, now.toISOString())) return;
      await enqueue(db, new Date(now.getTime() + intervalMs), now);
    },
  };
};
