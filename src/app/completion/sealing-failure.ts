import { AppError } from '../../domain/app-error.js';

const MAX_LENGTH = 300;

/**
 * What the envelope's details say about a failed sealing attempt: one short sentence an account
 * may read. Only what is known to be safe gets through (the time-stamp authority's status, our own
 * error codes); anything else could carry a path, an address or a secret, so it is named only as an
 * internal error, the service log having the whole of it.
 */
export const sealingFailureText = (error: unknown): string => {
  if (error instanceof AppError) return `${error.code}: ${error.message}`.slice(0, MAX_LENGTH);
  const message = error instanceof Error ? error.message : '';
  const httpStatus = /^TSA request failed: HTTP (\d{3})\b/.exec(message);
  if (httpStatus) return `The time-stamp authority answered HTTP ${httpStatus[1]}.`;
  if (message.startsWith('TSA request timed out')) return 'The time-stamp authority did not answer in time.';
  if (message.startsWith('TSA request failed')) return 'The time-stamp authority could not be reached.';
  const refused = /^TSA rejected request with status (\d+)/.exec(message);
  if (refused) return `The time-stamp authority refused the request (status ${refused[1]}).`;
  if (/timestamp response|PKIStatus/i.test(message)) return 'The time-stamp authority sent an answer that is not a valid time-stamp.';
  return 'Sealing failed with an internal error; the service log has the details.';
};
