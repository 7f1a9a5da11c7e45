import type { Db } from '../infra/db/database.js';
import { insertAtOnce, type PendingInsert } from '../infra/db/insert-at-once.js';
import { jobInserts, type Job } from '../infra/db/tables/jobs-table.js';
import { newId } from '../infra/ids.js';
import type { AppContext } from './context.js';

/** Every kind of background work, with its payload. */
export interface JobPayloads {
  'send-invitation': { recipientId: string };
  /** `remindedBy`: the console user who asked for a manual reminder (absent: the account, named as its owner). */
  'send-reminder': { recipientId: string; automatic: boolean; remindedBy?: string };
  'send-cancellation': { envelopeId: string };
  'send-decline-notice': { envelopeId: string };
  'expire-envelope': { envelopeId: string };
  'auto-remind': { envelopeId: string };
  /** `reseals`: the round the attempt belongs to (see completion-attempts.ts); absent for the first. */
  'complete-envelope': { envelopeId: string; reseals?: number };
  'deliver-completion': { envelopeId: string };
  'purge-uploads': Record<string, never>;
  /** The retention purge, every minute (docs/operations/retention-and-erasure.md). */
  'purge-documents': Record<string, never>;
  'deliver-webhook': { deliveryId: string };
  'send-webhook-disabled-notice': { webhookId: string };
  'send-user-invitation': { userId: string };
  /** A sign-in link asked for by address: whether it is a user's is found out here, off the request (no enumeration by timing). */
  'send-login-link': { email: string };
  /** A password reset asked for by address: looked up here, off the request, like a sign-in link. */
  'send-password-reset': { email: string };
  /** `sealedCode`: the SMS code sealed with the secrets key (see recipient-authentication.ts), never in clear text. */
  'send-authentication-code': { recipientId: string; sealedCode: string; sentAt: string };
  /** The sender told of a hand-over (docs/api/corrections.md). */
  'send-reassign-notice': { delegationId: string; envelopeId: string };
  /** `returnedAt` names the send-back, so a later one is not told twice. */
  'send-return-notice': { envelopeId: string; returnedAt: string };
  /** A public link's code (docs/api/public-links.md), sealed like an SMS code. */
  'send-public-link-code': { codeId: string; sealedCode: string };
  /** A signing group's member told that the group has the signatures it needs (docs/concepts/signing.md). */
  'send-group-complete-notice': { recipientId: string };
  /** The next batch of a bulk send's rows (docs/api/bulk-sending.md); `step` orders the batches, so a rerun of an old one does nothing. */
  'run-bulk-send': { bulkSendId: string; step: number };
}
export type JobKind = keyof JobPayloads;

const jobOf = (now: Date, kind: JobKind, payload: unknown, runAt: Date | undefined): Job => ({
  id: newId('job'),
  kind,
  payload,
  runAt: (runAt ?? now).toISOString(),
  attempts: 0,
  lockedUntil: null,
  lastError: null,
  createdAt: now.toISOString(),
  doneAt: null,
});

/**
 * Writes a job into the outbox inside the caller's transaction: the work exists exactly when the
 * state change that causes it commits, and survives a crash until a worker has done it. Returns the job's id.
 */
export const enqueueJob = async <K extends JobKind>(
  ctx: AppContext,
  trx: Db,
  kind: K,
  payload: JobPayloads[K],
  runAt?: Date,
): Promise<string> => {
  const job = jobOf(ctx.clock.now(), kind, payload, runAt);
  await insertAtOnce(trx, jobInserts(trx, [job]));
  return job.id;
};

/** A job to enqueue: its kind, its payload and, if not now, when it is due. */
export type NewJob = { [K in JobKind]: { kind: K; payload: JobPayloads[K]; runAt?: Date } }[JobKind];

/** The insert that enqueues several jobs of one transaction, as enqueueJob, for the caller to run (see insertAtOnce). */
export const jobsToEnqueue = (ctx: AppContext, trx: Db, jobs: readonly NewJob[]): PendingInsert[] => {
  const now = ctx.clock.now();
  return jobInserts(
    trx,
    jobs.map(({ kind, payload, runAt }) => jobOf(now, kind, payload, runAt)),
  );
};
