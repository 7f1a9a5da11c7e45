export type DatabaseName = 'sqlite' | 'postgres';

/** The scenarios BENCH_SCENARIOS can pick, by the names docs/contributing/index.md lists. */
export const SCENARIOS = ['cli', 'idle-memory', 'sealing', 'completion-burst', 'throughput', 'bulk-send', 'lists'] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

/** What one `npm run bench` measures, from BENCH_* variables (docs/contributing/index.md "Benchmarks"). */
export interface BenchOptions {
  quick: boolean;
  databases: DatabaseName[];
  /** Length of each measured load run. */
  seconds: number;
  /** Requests of each measured route before the idle RSS is read. */
  warmUpRequests: number;
  /**
   * How long the server sits idle before its idle RSS is read: longer than its PDF workers' idle time (20 s)
   * and than the quiet spell after which it collects its heap (30–40 s), as an operator's idle server is.
   */
  idleSeconds: number;
  /** Measured completions per document size; the first completion after start is a warm-up, reported apart. */
  sealRuns: { 10: number; 200: number };
  /** CLI runs per command; the median is reported. `account create` runs once more first (it migrates). */
  cliRuns: number;
  listEnvelopes: number;
  listSeconds: number;
  /** Where to create and drop the scratch PostgreSQL databases. */
  postgresAdminUrl: string;
  /** Rewrite docs/benchmarks.md: by default only a full run on both databases does. */
  writeDocs: boolean;
  /** A directory for `--cpu-prof` profiles of the server, or undefined for none. */
  cpuProfileDir: string | undefined;
  /** The scenarios to run: all of them unless BENCH_SCENARIOS names some. */
  scenarios: ReadonlySet<ScenarioName>;
}

const positiveNumber = (name: string, fallback: number): number => {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number (got "${raw}")`);
  return value;
};

const databases = (): DatabaseName[] => {
  const names = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').map((name) => name.trim());
  for (const name of names) {
    if (name !== 'sqlite' && name !== 'postgres') throw new Error(`BENCH_DATABASES lists "${name}": use sqlite, postgres or both`);
  }
  return [...new Set(names as DatabaseName[])];
};

const scenarios = (): Set<ScenarioName> => {
  const raw = process.env.BENCH_SCENARIOS?.trim();
  if (!raw) return new Set(SCENARIOS);
  const names = raw.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!(SCENARIOS as readonly string[]).includes(name)) throw new Error(`BENCH_SCENARIOS lists "${name}": use ${SCENARIOS.join(', ')}`);
  }
  return new Set(names as ScenarioName[]);
};

export const readBenchOptions = (): BenchOptions => {
  const quick = process.env.BENCH_QUICK === '1';
  const chosen = databases();
  const picked = scenarios();
  // Only a full run of every scenario on both databases stands for the whole table.
  const full = !quick && chosen.length === 2 && picked.size === SCENARIOS.length;
  return {
    quick,
    databases: chosen,
    seconds: positiveNumber('BENCH_SECONDS', quick ? 3 : 10),
    warmUpRequests: quick ? 50 : 200,
    idleSeconds: 45,
    sealRuns: quick ? { 10: 2, 200: 1 } : { 10: 5, 200: 3 },
    cliRuns: quick ? 0 : 3,
    listEnvelopes: positiveNumber('BENCH_LIST_ENVELOPES', quick ? 10_000 : 1_000_000),
    listSeconds: quick ? 1 : 4,
    postgresAdminUrl: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    writeDocs: process.env.BENCH_WRITE_DOCS === '1' || (full && process.env.BENCH_WRITE_DOCS !== '0'),
    cpuProfileDir: process.env.BENCH_CPU_PROF?.trim() || undefined,
    scenarios: picked,
  };
};
