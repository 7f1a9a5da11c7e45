import { setImmediate as nextLoopTurn } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Clock } from '../../domain/clock.js';
import type { Db } from '../db/database.js';
import { DatabaseUnavailable } from '../db/database-unreachable.js';
import { leaseDueJobs, renewJobLease, updateJob, type Job } from '../db/tables/jobs-table.js';

/** What the worker itself needs; the context handed to handlers carries at least this. */
export interface WorkerContext {
  db: Db;
  clock: Clock;
  logger: Logger;
}

/** What each kind of job does, given its payload: supplied by whoever starts the worker. */
export type JobHandlers<C, Payloads> = { [K in keyof Payloads]: (ctx: C, payload: Payloads[K]) => Promise<void> };

const LEASE_MS = 60_000;
/** A running job's lease is renewed this often, so only a process that stopped (or stalled for a whole lease) loses it. */
const RENEW_MS = LEASE_MS / 3;
/** Jobs claimed, and run side by side, at once: mails wait on SMTP and seals on the PDF workers, not on each other. */
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

/**
 * Claims one given job, as claimDueJobs would: undefined when it is not due, done, or leased by a
 * worker (another process got it first).
 */
export const claimJob = async (ctx: WorkerContext, jobId: string): Promise<Job | undefined> => {
  const now = ctx.clock.now();
  const leaseEnd = new Date(now.getTime() + LEASE_MS).toISOString();
  const [job] = await ctx.db.transaction().execute((trx) => leaseDueJobs(trx, now.toISOString(), leaseEnd, 1, jobId));
  return job;
};

/**
 * Runs one claimed job: done when its handler returns, rescheduled with back-off when it throws.
 * While the handler runs, its lease is renewed, so a long seal is not claimed again by another process.
 */
export const runJob = async <C extends WorkerContext, P>(
  ctx: C,
  handlers: JobHandlers<C, P>,
  job: Job,
  renewEveryMs: number = RENEW_MS,
): Promise<void> => {
  const handler = handlers[job.kind as keyof P] as ((ctx: C, payload: unknown) => Promise<void>) | undefined;
  const renewal = setInterval(() => {
    const leaseEnd = new Date(ctx.clock.now().getTime() + LEASE_MS).toISOString();
    renewJobLease(ctx.db, job.id, leaseEnd).catch((error: unknown) =>
      ctx.logger.warn({ job: job.id, err: error }, 'Could not renew a job lease'),
    );
  }, renewEveryMs);
  renewal.unref();
  try {
    if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
    await handler(ctx, job.payload);
    await updateJob(ctx.db, job.id, { doneAt: ctx.clock.now().toISOString(), lockedUntil: null });
  } catch (error) {
    // Not the job's failure: it stays leased, and runs again once its lease lapses, with no attempt counted.
    if (error instanceof DatabaseUnavailable) return;
    const attempts = job.attempts + 1;
    const message = error instanceof Error ? error.message : String(error);
    ctx.logger.warn({ job: job.id, kind: job.kind, attempts, err: error }, 'Job failed; retrying later');
    await updateJob(ctx.db, job.id, {
      attempts,
      lastError: message.slice(0, 2000),
      lockedUntil: null,
      runAt: new Date(ctx.clock.now().getTime() + retryDelayMs(attempts)).toISOString(),
    });
  } finally {
    clearInterval(renewal);
  }
};

/**
 * Runs a batch side by side, except that jobs about the same envelope or recipient keep their order
 * (an invitation before its reminder, a completion before its delivery). Each job starts on its own
 * turn of the event loop: on SQLite a job's first stretch (its reads, a mail rendered) runs without
 * a pause, and ten of them started at once would hold requests back for all ten stretches together.
 */
const runBatch = async <C extends WorkerContext, P>(
  ctx: C,
  handlers: JobHandlers<C, P>,
  jobs: Job[],
  renewEveryMs?: number,
): Promise<void> => {
  const bySubject = new Map<string, Job[]>();
  for (const job of jobs) {
    const payload = job.payload as { envelopeId?: string; recipientId?: string } | null;
    const subject = payload?.envelopeId ?? payload?.recipientId ?? job.id;
    bySubject.set(subject, [...(bySubject.get(subject) ?? []), job]);
  }
  let turns = Promise.resolve();
  const nextTurn = () => (turns = turns.then(() => nextLoopTurn()));
  await Promise.all(
    [...bySubject.values()].map(async (queue) => {
      for (const job of queue) {
        await nextTurn();
        await runJob(ctx, handlers, job, renewEveryMs);
      }
    }),
  );
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
  options: { pollMs?: number; renewEveryMs?: number } = {},
): JobWorker => {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  const tick = async (): Promise<number> => {
    let done = 0;
    for (;;) {
      const jobs = await claimDueJobs(ctx);
      await runBatch(ctx, handlers, jobs, options.renewEveryMs);
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
        // The pool logs an unreachable database once; the worker just polls again until it answers.
        if (!(error instanceof DatabaseUnavailable)) ctx.logger.error({ err: error }, 'Job worker tick failed');
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
