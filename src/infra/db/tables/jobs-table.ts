import type { Db } from '../database.js';
import type { PendingInsert } from '../insert-at-once.js';
import { lockForUpdateSkipLocked } from '../lock-for-update.js';
import { json, rowCodec } from '../row-codec.js';
import type { JobsTable } from '../schema.js';

/** One unit of background work in the outbox. */
export interface Job {
  id: string;
  kind: string;
  payload: unknown;
  runAt: string;
  attempts: number;
  /** The end of the lease of the worker running it; a lease that has run out makes the job due again. */
  lockedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  doneAt: string | null;
}

export const jobCodec = rowCodec<Job, JobsTable>({
  id: 'id',
  kind: 'kind',
  payload: ['payload', json<unknown>()],
  runAt: 'run_at',
  attempts: 'attempts',
  lockedUntil: 'locked_until',
  lastError: 'last_error',
  createdAt: 'created_at',
  doneAt: 'done_at',
});

export const insertJob = async (db: Db, job: Job): Promise<void> => {
  await db.insertInto('jobs').values(jobCodec.toRow(job)).execute();
};

/** The insert of several jobs in one statement, not run yet (see insertAtOnce). */
export const jobInserts = (db: Db, jobs: readonly Job[]): PendingInsert[] =>
  jobs.length ? [db.insertInto('jobs').values(jobs.map(jobCodec.toRow))] : [];

/**
 * Up to `limit` jobs due at `now` that no live lease holds (or only the one job `onlyJobId`), oldest
 * due first, each leased until `leaseEnd`. Run inside a transaction: `FOR UPDATE SKIP LOCKED` on
 * PostgreSQL keeps two workers from claiming the same job.
 */
export const leaseDueJobs = async (trx: Db, now: string, leaseEnd: string, limit: number, onlyJobId?: string): Promise<Job[]> => {
  let due = trx
    .selectFrom('jobs')
    .selectAll()
    .where('done_at', 'is', null)
    .where('run_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('run_at')
    .limit(limit);
  if (onlyJobId) due = due.where('id', '=', onlyJobId);
  const rows = await lockForUpdateSkipLocked(trx, due).execute();
  if (rows.length)
    await trx
      .updateTable('jobs')
      .set({ locked_until: leaseEnd })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
  return rows.map((row) => jobCodec.fromRow({ ...row, locked_until: leaseEnd }));
};

export const updateJob = async (db: Db, jobId: string, changes: Partial<Job>): Promise<void> => {
  await db.updateTable('jobs').set(jobCodec.toColumns(changes)).where('id', '=', jobId).execute();
};

/** Extends the lease of a job still running; a job already finished or rescheduled (no lease) keeps its state. */
export const renewJobLease = async (db: Db, jobId: string, leaseEnd: string): Promise<void> => {
  await db
    .updateTable('jobs')
    .set({ locked_until: leaseEnd })
    .where('id', '=', jobId)
    .where('done_at', 'is', null)
    .where('locked_until', 'is not', null)
    .execute();
};

/** Whether a job of this kind is still to run, optionally only one due after `after`. */
export const hasPendingJob = async (db: Db, kind: string, after?: string): Promise<boolean> => {
  let query = db.selectFrom('jobs').select('id').where('kind', '=', kind).where('done_at', 'is', null);
  if (after) query = query.where('run_at', '>', after);
  return (await query.executeTakeFirst()) !== undefined;
};

/** Per kind, the jobs due at `now` and not done (waiting or running), and the earliest due time among them: the queue a scrape reports. */
export const dueJobsByKind = async (db: Db, now: string): Promise<{ kind: string; count: number; oldestRunAt: string }[]> => {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => ['kind', eb.fn.countAll().as('count'), eb.fn.min('run_at').as('oldest')])
    .where('done_at', 'is', null)
    .where('run_at', '<=', now)
    .groupBy('kind')
    .execute();
  return rows.map((row) => ({ kind: row.kind, count: Number(row.count), oldestRunAt: row.oldest }));
};
