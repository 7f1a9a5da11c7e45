import type { LoadResult } from './load.js';
import type { CoresUsed } from './process-stats.js';
import type { DatabaseName } from './options.js';
import type { Figure } from './report.js';

// Issue 9 and docs/benchmarks.md, in one place.
export const TARGETS = {
  detailsRatio: 0.5,
  createWithTemplatePerSecond: { sqlite: 1_500, postgres: 800 } satisfies Record<DatabaseName, number>,
  createWithTemplateP99Ms: 50,
  startMs: 3_000,
  cliMs: 1_000,
  idleRssMb: 120,
  sealPeakRssMb: 300,
  seal10PagesMs: 100,
  seal200PagesMs: 1_500,
  completionMs: 1_000,
  listP99Ms: 20,
  /** Interactive reads during a bulk send (docs/api/bulk-sending.md): their p99 at most this many times the idle p99. */
  bulkSendDetailsP99Ratio: 2,
} as const;

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const ms = (value: number): string => (value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${thousands.format(value)} ms`);
export const mb = (value: number): string => `${thousands.format(value)} MB`;

const failures = (load: LoadResult): string =>
  [
    load.non2xx ? `${thousands.format(load.non2xx)} non-2xx ${JSON.stringify(load.statusCodes)}` : '',
    load.errors ? `${load.errors} errors` : '',
  ]
    .filter(Boolean)
    .join(', ');

/** One load run and the cores each party used meanwhile. */
export interface MeasuredLoad {
  load: LoadResult;
  cores?: CoresUsed;
}

// Below this, a server's share of the CPU is too small to divide by.
const MEANINGFUL_CORES = 0.05;

const perServerCore = ({ load, cores }: MeasuredLoad): number | undefined =>
  cores && cores.server >= MEANINGFUL_CORES ? load.requestsPerSecond / cores.server : undefined;

/** req/s, latency and ratios of one load run; a run with failed requests never meets its target. */
export const loadFigure = (
  name: string,
  database: DatabaseName,
  measured: MeasuredLoad,
  bare: MeasuredLoad | undefined,
  target?: { text: string; met: (load: LoadResult, ratio: number | undefined) => boolean },
): Figure => {
  const { load, cores } = measured;
  const ratio = bare ? load.requestsPerSecond / bare.load.requestsPerSecond : undefined;
  const efficiency = perServerCore(measured);
  const bareEfficiency = bare && perServerCore(bare);
  const failed = failures(load);
  return {
    name,
    database,
    result: `${thousands.format(load.requestsPerSecond)} req/s, p50 ${ms(load.p50Ms)}, p99 ${ms(load.p99Ms)}${failed ? `; ${failed}` : ''}`,
    ...(ratio === undefined ? {} : { ratio }),
    ...(efficiency && bareEfficiency ? { ratioPerCore: efficiency / bareEfficiency } : {}),
    ...(target ? { target: target.text, met: !failed && target.met(load, ratio) } : {}),
    ...(cores ? { cores } : {}),
  };
};

export const detailsTarget = {
  text: `≥ ${TARGETS.detailsRatio.toFixed(2)} of bare`,
  met: (_load: LoadResult, ratio: number | undefined) => ratio !== undefined && ratio >= TARGETS.detailsRatio,
};

export const createWithTemplateTarget = (database: DatabaseName) => ({
  text: `≥ ${thousands.format(TARGETS.createWithTemplatePerSecond[database])} req/s, p99 ≤ ${TARGETS.createWithTemplateP99Ms} ms`,
  met: (load: LoadResult) =>
    load.requestsPerSecond >= TARGETS.createWithTemplatePerSecond[database] && load.p99Ms <= TARGETS.createWithTemplateP99Ms,
});

/** A figure with an upper bound: a time or a memory size. */
export const atMost = (
  name: string,
  database: DatabaseName | null,
  value: number,
  limit: number,
  unit: (v: number) => string,
  detail = '',
): Figure => ({
  name,
  database,
  result: `${unit(value)}${detail ? ` (${detail})` : ''}`,
  target: `≤ ${unit(limit)}`,
  met: value <= limit,
});

export const reported = (name: string, database: DatabaseName | null, result: string): Figure => ({ name, database, result });
