import { AppError } from '../../domain/app-error.js';
import type { Db } from '../../infra/db/database.js';
import { DatabaseUnavailable } from '../../infra/db/database-unreachable.js';
import { StorageFull } from '../../infra/storage-full.js';
import {
  completeIdempotencyKeyClaim,
  deleteIdempotencyKeyCreatedAt,
  deleteIdempotencyKeysCreatedBefore,
  deleteRunningIdempotencyKeyClaim,
  insertIdempotencyKeyIfAbsent,
  readIdempotencyKey,
  renewIdempotencyKeyLease,
  takeOverLapsedIdempotencyKey,
  type IdempotencyKey,
  type IdempotencyKeyClaim,
} from '../../infra/db/tables/idempotency-keys-table.js';
import { sha256Hex } from '../../infra/hash.js';
import { newSecret } from '../../infra/ids.js';
import type { AppContext } from '../context.js';

/** A replay returns the first response for 24 h (docs/api/conventions.md). */
const KEY_LIFETIME_MS = 24 * 3600_000;
/**
 * A running key is vouched for this long by its holder's last heartbeat; a key taken over after
 * that belongs to a request whose process died (a live one renews it every heartbeat).
 */
export const IDEMPOTENCY_LEASE_MS = 20_000;
/** How often a running request renews its lease: many heartbeats fit in one lease. */
export const IDEMPOTENCY_HEARTBEAT_MS = 4_000;

/** Which request holds which key: only the holder completes or releases it. */
export type IdempotencyClaim = IdempotencyKeyClaim;

export type Claim =
  | { kind: 'claimed'; claim: IdempotencyClaim }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'in-use' }
  | { kind: 'reused-with-another-body' };

/** A response as it is stored and replayed. */
export interface StoredResponse {
  status: number;
  body: string;
}

/**
 * What a use case records under the key in the transaction of its work, so that the work and its
 * response commit together: a retry either replays that response or runs a request that never committed.
 */
export interface IdempotentResponse<T> {
  claim: IdempotencyClaim;
  /** The response the caller will get for `result`, as it is to be replayed. */
  respond(result: T): StoredResponse;
}

const olderThan = (iso: string, ms: number, now: Date) => now.getTime() - Date.parse(iso) > ms;

const leaseFrom = (now: Date) => new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString();

/** What is stored of a request to tell "the same request" from another one: a digest of its description. */
export const fingerprintRequest = (description: string): string => sha256Hex(description);

/**
 * Claims an idempotency key for a request, or tells why it cannot be: a running key whose holder
 * still renews its lease is in use, however long it has run.
 */
export const claimIdempotencyKey = async (ctx: AppContext, accountId: string, key: string, requestHash: string): Promise<Claim> => {
  const now = ctx.clock.now();
  const claim: IdempotencyClaim = { accountId, key, claimId: newSecret('claim_') };
  const row: IdempotencyKey = {
    ...claim,
    requestHash,
    state: 'running',
    responseStatus: null,
    responseBody: null,
    createdAt: now.toISOString(),
    leaseUntil: leaseFrom(now),
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await insertIdempotencyKeyIfAbsent(ctx.db, row)) return { kind: 'claimed', claim };

    const existing = await readIdempotencyKey(ctx.db, accountId, key);
    if (!existing) continue;
    if (existing.state === 'done' && olderThan(existing.createdAt, KEY_LIFETIME_MS, now)) {
      await deleteIdempotencyKeyCreatedAt(ctx.db, accountId, key, existing.createdAt);
      continue;
    }
    if (existing.state === 'running') {
      if (await takeOverLapsedIdempotencyKey(ctx.db, row, now.toISOString())) return { kind: 'claimed', claim };
      if (existing.requestHash !== requestHash) return { kind: 'reused-with-another-body' };
      return { kind: 'in-use' };
    }
    if (existing.requestHash !== requestHash) return { kind: 'reused-with-another-body' };
    if (existing.responseStatus === null || existing.responseBody === null) return { kind: 'in-use' };
    return { kind: 'replay', status: existing.responseStatus, body: replayedBody(ctx, accountId, key, existing.responseBody) };
  }
  return { kind: 'in-use' };
};

/**
 * Renews the claim's lease every heartbeat while its request runs; the returned function stops it.
 * A failed renewal is only logged: the next one tries again, and the completion checks the claim anyway.
 */
export const keepIdempotencyKeyClaimed = (ctx: AppContext, claim: IdempotencyClaim): (() => void) => {
  const timer = setInterval(() => {
    renewIdempotencyKeyLease(ctx.db, claim, leaseFrom(ctx.clock.now())).catch((error: unknown) =>
      ctx.logger.warn({ err: error, key: claim.key }, 'could not renew an idempotency key lease'),
    );
  }, IDEMPOTENCY_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Records the response inside the transaction of the work it answers. A claim lost meanwhile (its
 * lease lapsed and another request took the key) makes the whole transaction roll back: never two results.
 */
export const recordIdempotentResponse = async <T>(trx: Db, idempotency: IdempotentResponse<T> | undefined, result: T): Promise<void> => {
  if (!idempotency) return;
  if (!(await completeIdempotencyKeyClaim(trx, idempotency.claim, idempotency.respond(result)))) {
    throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'Another request took over this Idempotency-Key; this one was not carried out.');
  }
};

/**
 * A response that carries a secret shown once (a webhook's) is kept for replays only encrypted, bound to
 * its account and key. Every stored JSON body starts with `{`, a sealed one with its box's version: the
 * replay tells them apart without a column of its own.
 */
const sealedBoundTo = (accountId: string, key: string) => `idempotency:${accountId}:${key}`;
const isSealed = (body: string) => !body.startsWith('{');

const replayedBody = (ctx: AppContext, accountId: string, key: string, body: string): string =>
  isSealed(body) ? ctx.webhookSecrets.open(body, sealedBoundTo(accountId, key)) : body;

/**
 * Stores the first response under the key, for replays, unless the work's transaction stored it
 * already; with `secret`, encrypted (see sealedBoundTo). With the database unreachable, or its disk
 * full, the response is still answered: the work committed, and turning its answer into a 503 or 507
 * would tell the client nothing was done. A key the work's transaction completed stays so; any other
 * is taken over by a retry once its lease lapses.
 */
export const completeIdempotencyKey = async (
  ctx: AppContext,
  claim: IdempotencyClaim,
  response: StoredResponse,
  { secret = false }: { secret?: boolean } = {},
): Promise<void> => {
  const body = secret ? ctx.webhookSecrets.seal(response.body, sealedBoundTo(claim.accountId, claim.key)) : response.body;
  try {
    await completeIdempotencyKeyClaim(ctx.db, claim, { status: response.status, body });
  } catch (error) {
    if (!(error instanceof DatabaseUnavailable || error instanceof StorageFull)) throw error;
  }
};

/**
 * Frees a key whose request failed on our side, so a retry runs it again; a key whose work committed
 * stays done. With the database unreachable, or its disk full, the key cannot be freed: its heartbeat
 * has stopped, so a retry takes it over once its lease lapses, and the request still gets its own
 * answer (503, 507).
 */
export const releaseIdempotencyKey = async (ctx: AppContext, claim: IdempotencyClaim): Promise<void> => {
  try {
    await deleteRunningIdempotencyKeyClaim(ctx.db, claim);
  } catch (error) {
    if (!(error instanceof DatabaseUnavailable || error instanceof StorageFull)) throw error;
  }
};

export const purgeExpiredIdempotencyKeys = async (ctx: AppContext): Promise<void> => {
  const now = ctx.clock.now();
  await deleteIdempotencyKeysCreatedBefore(ctx.db, new Date(now.getTime() - KEY_LIFETIME_MS).toISOString(), now.toISOString());
};
