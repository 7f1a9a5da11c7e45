import type { DatabaseName } from './options.js';
import type { CoresUsed } from './process-stats.js';

/** One measured figure, beside its target when docs/operations/configuration.md or issue 9 sets one. */
export interface Figure {
  name: string;
  /** null: the figure does not depend on the database. */
  database: DatabaseName | null;
  result: string;
  /** Requests per second as a fraction of the bare Fastify route's, measured in the same run. */
  ratio?: number;
  /**
   * The same per core the server used: requests per server CPU-second over the bare route's. Steadier
   * than `ratio` when other processes take the CPU from one run and not another.
   */
  ratioPerCore?: number;
  target?: string;
  /** Whether the target is met; undefined when there is none. */
  met?: boolean;
  /** Cores used during a load run by the server, the load generator and every other process. */
  cores?: CoresUsed;
}

/** A scenario that could not run still gets its line in the table, with the reason. */
export const failedFigure = (name: string, database: DatabaseName | null, error: unknown, target?: string): Figure => ({
  name,
  database,
  result: `failed: ${(error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 200)}`,
  ...(target ? { target, met: false } : {}),
});

const DATABASE_LABELS: Record<DatabaseName, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

const HEADER = ['figure', 'database', 'result', 'ratio to bare (per server core)', 'target', 'met', 'cores: server / load / other'];

const cellsOf = (figure: Figure): string[] => [
  figure.name,
  figure.database ? DATABASE_LABELS[figure.database] : '—',
  figure.result,
  figure.ratio === undefined
    ? ''
    : `${figure.ratio.toFixed(3)}${figure.ratioPerCore === undefined ? '' : ` (${figure.ratioPerCore.toFixed(3)})`}`,
  figure.target ?? '',
  figure.met === undefined ? '' : figure.met ? '✓' : '✗',
  figure.cores ? [figure.cores.server, figure.cores.load, figure.cores.other].map((cores) => cores.toFixed(2)).join(' / ') : '',
];

/** The table `npm run bench` prints. */
export const consoleTable = (figures: Figure[]): string => {
  const rows = [HEADER, ...figures.map(cellsOf)];
  const widths = HEADER.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(rows[0]!), widths.map((width) => '─'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
};

/** The same table in Markdown, for docs/benchmarks.md. */
export const markdownTable = (figures: Figure[]): string =>
  [HEADER, HEADER.map(() => '---'), ...figures.map(cellsOf)]
    .map((row) => `| ${row.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`)
    .join('\n');

// Other processes taking more than this during a load run disturbed it enough to say so.
const DISTURBED_CORES = 0.25;

/** Said under the table when other processes took CPU from the load runs (a shared machine). */
export const disturbanceLine = (figures: Figure[]): string | undefined => {
  const worst = Math.max(0, ...figures.map((figure) => figure.cores?.other ?? 0));
  return worst > DISTURBED_CORES
    ? `Other processes used up to ${worst.toFixed(2)} cores during the load runs: the machine was shared, so the figures are disturbed (ratios less than absolute ones).`
    : undefined;
};

export const summaryLine = (figures: Figure[]): string => {
  const targeted = figures.filter((figure) => figure.met !== undefined);
  const met = targeted.filter((figure) => figure.met).length;
  return `${met} of ${targeted.length} targets met`;
};
