import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  COMPLETION_MAX_ATTEMPTS,
  completionRetryDelayMs,
  resealOutcome,
  type CompletionState,
} from '../../../src/domain/completion-state.js';
import { expectAppError } from './expect-app-error.js';

describe('completionRetryDelayMs', () => {
  it('waits 30 s, 2 min, 10 min, 1 h, then 6 h, and nothing after the sixth attempt', () => {
    assert.deepEqual([1, 2, 3, 4, 5].map(completionRetryDelayMs), [30_000, 120_000, 600_000, 3_600_000, 21_600_000]);
    assert.equal(COMPLETION_MAX_ATTEMPTS, 6);
    assert.equal(completionRetryDelayMs(6), undefined);
  });
});

describe('resealOutcome', () => {
  const at = (state: CompletionState, reseals = 0) => ({ state, reseals });

  it('starts a new round when the seal failed or waits to retry', () => {
    assert.equal(resealOutcome(at('failed'), 'InProgress').outcome, 'started');
    assert.equal(resealOutcome(at('retrying', 2), 'InProgress').outcome, 'started');
  });

  it('changes nothing while the round a reseal started is queued or running', () => {
    assert.equal(resealOutcome(at('pending', 1), 'InProgress').outcome, 'under-way');
    assert.equal(resealOutcome(at('sealing', 1), 'InProgress').outcome, 'under-way');
  });

  it('refuses with ENVELOPE_NOT_RESEALABLE otherwise', () => {
    for (const [completion, status] of [
      [undefined, 'Sent'],
      [undefined, 'Completed'],
      [at('pending'), 'InProgress'],
      [at('sealing'), 'InProgress'],
      [at('completed'), 'Completed'],
      [at('failed'), 'Cancelled'],
    ] as const) {
      expectAppError(() => resealOutcome(completion, status), 409, 'ENVELOPE_NOT_RESEALABLE');
    }
  });
});
