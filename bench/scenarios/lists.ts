import { existsSync } from 'node:fs';
import type { BenchOptions, DatabaseName } from '../options.js';
import { failedFigure, type Figure } from '../report.js';
import { TARGETS, ms } from '../targets.js';

/** bench/list-at-scale.ts (issue 9 item 5): seeds `envelopes` for one account, starts a server, measures list cases. */
type BenchListAtScale = (options: { database: DatabaseName; envelopes: number; seconds?: number }) => Promise<{
  cases: { name: string; p50Ms: number; p99Ms: number; requests: number }[];
}>;

const MODULE = new URL('../list-at-scale.ts', import.meta.url);
const NAME = 'POST …/envelopes/list';
const TARGET = `p99 ≤ ${ms(TARGETS.listP99Ms)}`;

/** Each filter case of `POST /envelopes/list` over many envelopes of one account, as bench/list-at-scale.ts measures it. */
export const listsAtScale = async (database: DatabaseName, options: BenchOptions): Promise<Figure[]> => {
  const scale = `${new Intl.NumberFormat('en-US').format(options.listEnvelopes)} envelopes`;
  if (!existsSync(MODULE))
    return [{ name: `${NAME}, ${scale}`, database, result: 'not available (no bench/list-at-scale.ts)', target: TARGET }];
  try {
    // A computed specifier: the module is another part of issue 9 and may not be in this tree yet.
    const { benchListAtScale } = (await import(MODULE.href)) as { benchListAtScale: BenchListAtScale };
    const { cases } = await benchListAtScale({ database, envelopes: options.listEnvelopes, seconds: options.listSeconds });
    return cases.map((listCase) => ({
      name: `${NAME}, ${scale}: ${listCase.name}`,
      database,
      result: `p50 ${listCase.p50Ms} ms, p99 ${listCase.p99Ms} ms (${listCase.requests} requests)`,
      target: TARGET,
      met: listCase.p99Ms <= TARGETS.listP99Ms,
    }));
  } catch (error) {
    return [failedFigure(`${NAME}, ${scale}`, database, error, TARGET)];
  }
};
