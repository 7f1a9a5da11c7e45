import { Type } from 'typebox';
import { COMPLETION_MAX_ATTEMPTS, COMPLETION_STATES, type CompletionState } from '../../../domain/completion-state.js';
import { Int, Nullable, Text, Timestamp } from '../../schema-kit.js';

export const COMPLETION_DESCRIPTION =
  'Where the sealing of the envelope stands; null until every signer has signed. `state`: `pending` (an attempt is queued), ' +
  '`sealing` (an attempt is running), `retrying` (an attempt failed; the next runs at `next_attempt_at`), `failed` (every ' +
  'attempt failed: nothing runs until `POST /envelopes/{envelope_id}/reseal`), `completed` (sealed). A failed attempt is ' +
  `retried after 30 s, 2 min, 10 min, 1 h and 6 h: ${COMPLETION_MAX_ATTEMPTS} attempts in a round, and a reseal starts a new round. ` +
  '`attempts` counts the current round; `last_error` says in one sentence why the latest failed attempt failed (kept after a ' +
  'later success). Envelopes sealed before attempts were recorded show one attempt.';

export const Completion = Type.Object(
  {
    state: Type.Unsafe<CompletionState>(Text(16, { enum: [...COMPLETION_STATES] })),
    attempts: Int(0, COMPLETION_MAX_ATTEMPTS),
    last_error: Nullable(Text(300)),
    next_attempt_at: Nullable(Timestamp({ description: 'When the next attempt is due, while `retrying` (or `pending` after a reseal)' })),
  },
  { description: COMPLETION_DESCRIPTION },
);

export const presentCompletion = (completion: {
  state: CompletionState;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
}) => ({
  state: completion.state,
  attempts: completion.attempts,
  last_error: completion.lastError,
  next_attempt_at: completion.nextAttemptAt,
});
