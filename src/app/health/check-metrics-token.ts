import { AppError } from '../../domain/app-error.js';
import { sameDigest, sha256Hex } from '../../infra/hash.js';
import type { AppContext } from '../context.js';

/**
 * A scrape of GET /metrics carries METRICS_TOKEN as its bearer token. Digests are compared, not the
 * tokens, in constant time: the same length whatever was sent, so the time taken tells nothing of
 * the token, its length included.
 */
export const checkMetricsToken = (ctx: AppContext, presented: string | undefined): void => {
  const expected = ctx.config.metricsToken;
  if (expected === undefined) return;
  if (presented === undefined || !sameDigest(sha256Hex(presented), sha256Hex(expected))) {
    throw new AppError('INVALID_ACCESS_TOKEN', 'The metrics token is missing or wrong: send METRICS_TOKEN as a bearer token.');
  }
};
