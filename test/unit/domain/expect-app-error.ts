import assert from 'node:assert/strict';
import { AppError } from '../../../src/domain/app-error.js';
import { statusOf } from '../../../src/http/errors.js';

/** Asserts that `run` throws the contract error `code`, answered with HTTP `status`, and returns it. */
export const expectAppError = (run: () => unknown, status: number, code: string): AppError => {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.equal(statusOf(error), status);
    return error;
  }
  assert.fail(`expected ${status} ${code}, but nothing was thrown`);
};
