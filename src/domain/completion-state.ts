import { AppError } from './app-error.js';

/**
 * Where the completion (stamping and sealing) of an envelope whose signers have all signed stands:
 * - `pending`: an attempt is queued and has not started;
 * - `sealing`: an attempt is running;
 * - `retrying`: an attempt failed and the next one is scheduled (`nextAttemptAt`);
 * - `failed`: every attempt of the round failed; nothing runs until someone reseals;
 * - `completed`: sealed; the envelope is Completed.
 */
export type CompletionState = 'pending' | 'sealing' | 'retrying' | 'failed' | 'completed';

export const COMPLETION_STATES: readonly CompletionState[] = ['pending', 'sealing', 'retrying', 'failed', 'completed'];

/**
 * The waits between one round's attempts: a seal that fails is tried again after 30 s, 2 min,
 * 10 min, 1 h and 6 h, so six attempts over about 7 h 13 min cover a time-stamp authority's outage
 * of an afternoon before the round is reported failed.
 */
export const COMPLETION_RETRY_DELAYS_MS: readonly number[] = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000];

export const COMPLETION_MAX_ATTEMPTS = COMPLETION_RETRY_DELAYS_MS.length + 1;

/** How long to wait after the round's `attempts`-th failed attempt; undefined when it was the last. */
export const completionRetryDelayMs = (attempts: number): number | undefined => COMPLETION_RETRY_DELAYS_MS[attempts - 1];

export interface CompletionProgress {
  state: CompletionState;
  /** Manual reseals so far: each starts a new round of attempts. */
  reseals: number;
}

/** What a reseal does: start a new round, or nothing because the round a reseal started is still under way. */
export type ResealOutcome = 'started' | 'under-way';

/**
 * A reseal starts a new round of attempts now when the seal failed or is waiting to retry, the
 * envelope still waiting for its seal. Asked again while the round a reseal started is queued or
 * running, it changes nothing (a client retrying its request gets the same answer). Otherwise there
 * is nothing to reseal: the first sealing is under way, the envelope is sealed, or not every signer
 * has signed.
 */
export const resealOutcome = <C extends CompletionProgress>(
  completion: C | undefined,
  storedStatus: string,
): { outcome: ResealOutcome; completion: C } => {
  if (completion && storedStatus === 'InProgress') {
    if (completion.state === 'failed' || completion.state === 'retrying') return { outcome: 'started', completion };
    if ((completion.state === 'pending' || completion.state === 'sealing') && completion.reseals > 0)
      return { outcome: 'under-way', completion };
  }
  const why = !completion
    ? storedStatus === 'Completed'
      ? 'it is sealed already'
      : 'not every signer has signed'
    : completion.state === 'completed'
      ? 'it is sealed already'
      : `its seal is ${completion.state}`;
  throw new AppError(
    'ENVELOPE_NOT_RESEALABLE',
    `Only an envelope whose seal failed or is waiting to retry can be resealed; this one cannot: ${why}.`,
  );
};
