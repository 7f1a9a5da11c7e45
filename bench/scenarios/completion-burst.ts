import type { BenchRun } from '../bench-run.js';
import type { Figure } from '../report.js';
import { envelopeBody } from '../request-bodies.js';
import { median, percentile } from '../statistics.js';
import { TARGETS, ms } from '../targets.js';
import { completeAndTime, oneSignatureAway } from './completion.js';

const ENVELOPES = 10;

/**
 * Ten 10-page envelopes whose last signatures arrive at once: for each, the time from its signature's
 * answer to Completed (sealed PDF stored), as a distribution. Issue 9: each within 1 s.
 */
export const completionBurst = async (run: BenchRun): Promise<Figure> => {
  const body = await envelopeBody(10);
  const envelopes = [];
  for (let index = 0; index < ENVELOPES; index += 1) envelopes.push(await oneSignatureAway(run.client, body));
  const times = await completeAndTime(run.client, run.server.pid, envelopes);
  const worst = Math.max(...times);
  return {
    name: `${ENVELOPES} envelopes completing at once (10 pages; last signature → Completed)`,
    database: run.database,
    result: `min ${ms(Math.min(...times))}, median ${ms(median(times))}, p90 ${ms(percentile(times, 90))}, max ${ms(worst)}`,
    target: `each ≤ ${ms(TARGETS.completionMs)}`,
    met: worst <= TARGETS.completionMs,
  };
};
