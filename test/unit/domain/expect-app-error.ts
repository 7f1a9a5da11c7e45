import assert from 'node:assert/strict';
import { AppError } from '../../../src/domain/app-error.js';
import { statusOf } from '../../../src/http/errors.js';

/** Asserts that `run` throws the contract error `code`, answered with HTTP `status`, and returns it. */
export const expectAppError = (run: () => unknown, status: number, code: string): AppError => {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    assert.ok(
      [error.code, ...error.problems.map((problem) => problem.code)].includes(code as never),
      `expected ${code}, got ${error.code}: ${JSON.stringify(error.problems)}`,
    );
    assert.equal(statusOf(error), status);
    return error;
  }
  assert.fail(`expected ${status} ${code}, but nothing was thrown`);
};
