import assert from 'node:assert/strict';
import { ApiError } from '../../../src/domain/api-error.js';

/** Asserts that `run` throws the contract error `code` with HTTP `status`, and returns it. */
export const expectApiError = (run: () => unknown, status: number, code: string): ApiError => {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof ApiError, `expected an ApiError, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.equal(error.status, status);
    return error;
  }
  assert.fail(`expected ${status} ${code}, but nothing was thrown`);
};
