// `npm run bench`: every performance figure of issue 9 in one command, each beside its target
// (docs/benchmarks.md), on SQLite and PostgreSQL; rewrites docs/benchmarks.md.
// docs/contributing/index.md "Benchmarks" lists the BENCH_* variables.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ApiClient } from './api-client.js';
import type { BenchRun } from './bench-run.js';
import { BENCHMARKS_DOC, checkBenchmarksDoc, rewriteBenchmarksDoc } from './benchmarks-doc.js';
import { childEnvironment, startCountersign, type ListeningProcess } from './child-processes.js';
import { repositoryRoot } from './repository-root.js';
import { startLoadGenerator, type LoadGenerator } from './load.js';
import { describeMachine, machineLine } from './machine.js';
import { readBenchOptions, type BenchOptions, type DatabaseName, type ScenarioName, SCENARIOS } from './options.js';
import { createScratchDatabase } from './postgres-database.js';
import { summarizeProfile } from './profile-summary.js';
import { consoleTable, disturbanceLine, failedFigure, markdownTable, summaryLine, type Figure } from './report.js';
import { envelopeBody, templateBody } from './request-bodies.js';
import { cliAccountCreate, cliHelp } from './scenarios/cli.js';
import { bulkSend } from './scenarios/bulk-send.js';
import { completionBurst } from './scenarios/completion-burst.js';
import { idleMemory } from './scenarios/idle-memory.js';
import { listsAtScale } from './scenarios/lists.js';
import { sealing } from './scenarios/sealing.js';
import { throughput } from './scenarios/throughput.js';
import { TARGETS, atMost, ms } from './targets.js';

const log = (line: string) => console.error(`[bench] ${line}`);

/** Runs a scenario; one that throws still gets its line in the table. */
const guarded = async (name: string, database: DatabaseName | null, scenario: () => Promise<Figure | Figure[]>): Promise<Figure[]> => {
  log(`${database ?? 'all'}: ${name}`);
  try {
    return [await scenario()].flat();
  } catch (error) {
    log(`${database ?? 'all'}: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return [failedFigure(name, database, error)];
  }
};

/** Summarises each thread's profile of the server (its pid is in the file names) into `<profile>.txt`. */
const summarizeServerProfiles = (directory: string, server: ListeningProcess): void => {
  for (const name of readdirSync(directory).filter((file) => file.includes(`.${server.pid}.`) && file.endsWith('.cpuprofile'))) {
    writeFileSync(join(directory, `${name}.txt`), `${summarizeProfile(join(directory, name))}\n`);
  }
};

/** The summaries written by summarizeServerProfiles, printed under the table. */
const profileSummaries = (options: BenchOptions): string[] =>
  options.cpuProfileDir
    ? options.databases.flatMap((database) => {
        const directory = resolve(options.cpuProfileDir!, database);
        return existsSync(directory)
          ? readdirSync(directory)
              .filter((name) => name.endsWith('.cpuprofile.txt'))
              .map((name) => readFileSync(join(directory, name), 'utf8'))
          : [];
      })
    : [];

const serverScenarios = async (database: DatabaseName, options: BenchOptions, load: LoadGenerator, env: Record<string, string>) => {
  const picked = options.scenarios;
  const { credentials, figure: cliFigure } = await cliAccountCreate(database, env, picked.has('cli') ? options.cliRuns : 0);
  const profileDirectory = options.cpuProfileDir && resolve(options.cpuProfileDir, database);
  if (profileDirectory) mkdirSync(profileDirectory, { recursive: true });
  const server = await startCountersign({ ...env, PORT: '0', HOST: '127.0.0.1' }, profileDirectory);
  const figures: Figure[] = [
    ...(picked.has('cli') ? [cliFigure] : []),
    atMost(
      profileDirectory ? 'server start (start script, profiled)' : 'server start (`npm start` → listening)',
      database,
      server.startMs,
      TARGETS.startMs,
      ms,
      server.command,
    ),
  ];
  try {
    const client = await ApiClient.login(server.url, credentials);
    const template = await client.expect(201, 'POST', '/api/v2.0/templates/create', await templateBody());
    const { envelopeId } = await client.createEnvelope(await envelopeBody(2));
    const run: BenchRun = { database, options, server, client, load, templateId: String(template.template_id), envelopeId };
    const scenarios: [ScenarioName, string, () => Promise<Figure | Figure[]>][] = [
      ['idle-memory', 'idle RSS of the server', () => idleMemory(run)],
      ['sealing', 'sealing', () => sealing(run)],
      ['completion-burst', 'envelopes completing at once', () => completionBurst(run)],
      ['throughput', 'throughput', () => throughput(run)],
      ['bulk-send', 'bulk send', () => bulkSend(run)],
    ];
    for (const [key, name, scenario] of scenarios) if (picked.has(key)) figures.push(...(await guarded(name, database, scenario)));
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nserver output:\n${server.output()}`);
  } finally {
    await server.stop();
  }
  if (profileDirectory) summarizeServerProfiles(profileDirectory, server);
  return figures;
};

/** One database: a fresh data directory (and PostgreSQL database), a fresh server, every scenario. */
const benchDatabase = async (database: DatabaseName, options: BenchOptions, load: LoadGenerator): Promise<Figure[]> => {
  const figures = await guarded('server scenarios', database, async () => {
    const scratch = database === 'postgres' ? await createScratchDatabase(options.postgresAdminUrl) : undefined;
    const dataDir = mkdtempSync(join(tmpdir(), `countersign-bench-${database}-`));
    const env = {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The bench is one client on one address: the limits would measure themselves, not the routes.
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000',
      PLAN_QUOTAS: 'starter=unlimited',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    };
    try {
      return await serverScenarios(database, options, load, env);
    } finally {
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  });
  if (options.scenarios.has('lists')) figures.push(...(await guarded('lists at scale', database, () => listsAtScale(database, options))));
  return figures;
};

const settingsLine = (options: BenchOptions): string =>
  `${options.quick ? 'BENCH_QUICK=1 (smoke run), ' : ''}${options.scenarios.size < SCENARIOS.length ? `BENCH_SCENARIOS=${[...options.scenarios].join(',')}, ` : ''}${options.seconds} s per load run (autocannon in its own process; reads at 100 connections, creations at 32), ` +
  `${options.sealRuns[10]} + ${options.sealRuns[200]} sealing runs, lists over ${new Intl.NumberFormat('en-US').format(options.listEnvelopes)} envelopes`;

const main = async () => {
  const options = readBenchOptions();
  const machine = describeMachine();
  log(`${machineLine(machine)}`);
  log(settingsLine(options));
  if (options.writeDocs) checkBenchmarksDoc();
  // Whatever `npm start` builds when stale is built now, so that no timing below pays for a build.
  const prestart = spawnSync('npm', ['run', 'prestart', '--if-present', '--silent'], {
    cwd: repositoryRoot,
    env: childEnvironment({}),
    stdio: 'inherit',
  });
  if (prestart.status !== 0) throw new Error('npm run prestart failed');

  const load = startLoadGenerator();
  const figures: Figure[] = [];
  try {
    if (options.scenarios.has('cli')) figures.push(...(await guarded('CLI --help', null, () => cliHelp(options.cliRuns))));
    for (const database of options.databases) figures.push(...(await benchDatabase(database, options, load)));
  } finally {
    load.close();
  }

  const disturbance = disturbanceLine(figures);
  console.log(`\n${machineLine(machine)}\n${settingsLine(options)}\n\n${consoleTable(figures)}\n\n${summaryLine(figures)}`);
  if (disturbance) console.log(disturbance);
  for (const summary of profileSummaries(options)) console.log(`\n${summary}`);
  if (options.writeDocs) {
    rewriteBenchmarksDoc(
      [
        `Measured ${machineLine(machine)}.`,
        `Settings: ${settingsLine(options)}.`,
        `**${summaryLine(figures)}.**${disturbance ? ` ${disturbance}` : ''}`,
        markdownTable(figures),
      ].join('\n\n'),
    );
    console.log(`\n${BENCHMARKS_DOC} rewritten.`);
  } else {
    console.log(`\n${BENCHMARKS_DOC} left as it was: only a full run on both databases rewrites it (or BENCH_WRITE_DOCS=1).`);
  }
};

await main();
