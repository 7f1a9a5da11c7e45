import { lockForUpdateSkipLocked } from '../../infra/db/lock-for-update.js';
import type { AppContext } from '../context.js';
import type { JobKind, JobPayloads } from './enqueue-job.js';

export type JobHandlers = { [K in JobKind]: (ctx: AppContext, payload: JobPayloads[K]) => Promise<void> };

const LEASE_MS = 60_000;
const BATCH = 10;
const POLL_MS = 500;
const MAX_BACKOFF_MS = 30 * 60_000;

/** Exponential back-off: 5 s, 10 s, 20 s … capped at 30 min. */
export const retryDelayMs = (attempts: number): number => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

/**
 * Claims due jobs with a lease and runs them. A lease that runs out (the process died) makes the
 * job due again, so a crash loses no work; `FOR UPDATE SKIP LOCKED` on PostgreSQL keeps two
 * processes from claiming the same job.
 */
export const claimDueJobs = async (ctx: AppContext, limit = BATCH) => {
  const now = ctx.clock.now().toISOString();
  const leaseEnd = new Date(ctx.clock.now().getTime() + LEASE_MS).toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom('jobs')
      .select(['id', 'kind', 'payload', 'attempts'])
      .where('done_at', 'is', null)
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .orderBy('run_at')
      .limit(limit);
    due = lockForUpdateSkipLocked(trx, due);
    const jobs = await due.execute();
    if (jobs.length) {
      await trx.updateTable('jobs').set({ locked_until: leaseEnd }).where('id', 'in', jobs.map((j) => j.id)).execute();
    }
    return jobs;
  });
};

export const runJob = async (ctx: AppContext, handlers: JobHandlers, job: { id: string; kind: string; payload: string; attempts: number }) => {
  const handler = handlers[job.kind as JobKind] as ((ctx: AppContext, payload: unknown) => Promise<void>) | undefined;
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler(ctx, JSON.parse(job.payload));
    await ctx.db.updateTable('jobs').set({ done_at: ctx.clock.now().toISOString(), locked_until: null }).where('id', '=', job.id).execute();
  } catch (error) {
    const attempts = job.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    ctx.logger.warn({ job: job.id, kind: job.kind, attempts, err: error }, 'Job failed; retrying later');
    await ctx.db
      .updateTable('jobs')
      .set({ attempts, last_error: message.slice(0, 2000), locked_until: null, run_at: new Date(ctx.clock.now().getTime() + retryDelayMs(attempts)).toISOString() })
      .where('id', '=', job.id)
      .execute();
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
export const startJobWorker = (ctx: AppContext, handlers: JobHandlers, options: { pollMs?: number } = {}): JobWorker => {
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
