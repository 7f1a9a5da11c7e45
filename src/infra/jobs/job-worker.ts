import type { Logger } from 'pino';
import type { Clock } from '../../domain/clock.js';
import type { Db } from '../db/database.js';
import { leaseDueJobs, updateJob, type Job } from '../db/tables/jobs-table.js';

/** What the worker itself needs; the context handed to handlers carries at least this. */
export interface WorkerContext {
  db: Db;
  clock: Clock;
  logger: Logger;
}

/** What each kind of job does, given its payload: supplied by whoever starts the worker. */
export type JobHandlers<C, Payloads> = { [K in keyof Payloads]: (ctx: C, payload: Payloads[K]) => Promise<void> };

const LEASE_MS = 60_000;
const BATCH = 10;
const POLL_MS = 500;
const MAX_BACKOFF_MS = 30 * 60_000;

/** Exponential back-off: 5 s, 10 s, 20 s … capped at 30 min. */
export const retryDelayMs = (attempts: number): number => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

/**
 * Claims due jobs with a lease. A lease that runs out (the process died) makes the job due again,
 * so a crash loses no work.
 */
export const claimDueJobs = async (ctx: WorkerContext, limit = BATCH): Promise<Job[]> => {
  const now = ctx.clock.now();
  const leaseEnd = new Date(now.getTime() + LEASE_MS).toISOString();
  return ctx.db.transaction().execute((trx) => leaseDueJobs(trx, now.toISOString(), leaseEnd, limit));
};

/** Runs one claimed job: done when its handler returns, rescheduled with back-off when it throws. */
export const runJob = async <C extends WorkerContext, P>(ctx: C, handlers: JobHandlers<C, P>, job: Job): Promise<void> => {
  const handler = handlers[job.kind as keyof P] as ((ctx: C, payload: unknown) => Promise<void>) | undefined;
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler(ctx, job.payload);
    await updateJob(ctx.db, job.id, { doneAt: ctx.clock.now().toISOString(), lockedUntil: null });
  } catch (error) {
    const attempts = job.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    ctx.logger.warn({ job: job.id, kind: job.kind, attempts, err: error }, 'Job failed; retrying later');
    await updateJob(ctx.db, job.id, {
      attempts,
      lastError: message.slice(0, 2000),
      lockedUntil: null,
      runAt: new Date(ctx.clock.now().getTime() + retryDelayMs(attempts)).toISOString(),
    });
  }
};

export interface JobWorker {
  /** Look for due work now (called after a transaction that enqueued some). */
  poke(): void;
  /** Runs until no job is due: for tests and the CLI. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** The worker inside the server process: polls, and wakes at once when poked. */
export const startJobWorker = <C extends WorkerContext, P>(
  ctx: C,
  handlers: JobHandlers<C, P>,
  options: { pollMs?: number } = {},
): JobWorker => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  const tick = async (): Promise<number> => {
    let done = 0;
    for (;;) {
      const jobs = await claimDueJobs(ctx);
      for (const job of jobs) await runJob(ctx, handlers, job);
      done += jobs.length;
      if (jobs.length < BATCH && !again) return done;
      again = false;
    }
  };

  const run = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = tick()
      .catch((error: unknown) => {
        ctx.logger.error({ err: error }, 'Job worker tick failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        schedule();
      });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), options.pollMs ?? POLL_MS);
    timer.unref();
  };

  schedule();
  return {
    poke: () => void run(),
    drain: async () => {
      let total = 0;
      for (;;) {
        const done = await run();
        if (running) await running;
        total += done;
        if (done === 0) return total;
      }
    },
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
};
