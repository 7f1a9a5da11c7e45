// `npm run bench:instructions -- <git revision>`: the instructions each measured route costs the server,
// counted by valgrind's callgrind for this checkout and for an earlier revision, on SQLite. Counting
// instructions repeats where timing two builds side by side on a shared machine does not
// (docs/contributing/index.md "Benchmarks").
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ApiClient } from './api-client.js';
import { childEnvironment, startListening } from './child-processes.js';
import { waitUntilIdle } from './process-stats.js';
import { repositoryRoot } from './repository-root.js';
import { envelopeBody, templateBody } from './request-bodies.js';
import { routesOf, type Route } from './scenarios/routes.js';

const log = (line: string) => console.error(`[instructions] ${line}`);

/** Requests of each route before counting (V8 has compiled the hot code by then), and the counted windows after. */
const READS = { warmUp: 1_500, windows: 5, perWindow: 500 };
const CREATIONS = { warmUp: 300, windows: 5, perWindow: 100 };

/**
 * V8 without background threads, so that nothing depends on when a helper thread was scheduled, and
 * without the memory reducer, whose collections follow the clock rather than the work.
 */
const NODE_FLAGS = ['--single-threaded', '--no-memory-reducer'];

/**
 * What is not the route's own work, subtracted from each window: optimising compilation, which goes on
 * for thousands of requests and lands in whichever window reaches a function's threshold (a third of a
 * details window's instructions after 2,000 requests), and garbage collection. What is left (the
 * interpreter, compiled code, Node, SQLite) repeats within a few per cent.
 */
const NOT_THE_ROUTES_OWN = ['v8::internal::Compiler::CompileOptimized(', 'v8::internal::Heap::CollectGarbage('];

/** callgrind_control finds the server by a name valgrind builds from HOST, which the server also reads. */
const HOST = '127.0.0.1';

const control = (pid: number, action: '--zero' | '--dump') =>
  execFileSync('callgrind_control', [action, String(pid)], { env: { ...process.env, HOST }, stdio: 'ignore' });

/** A callgrind dump's instructions since the last zeroing, less those spent in NOT_THE_ROUTES_OWN. */
const dumpedInstructions = (directory: string, pid: number, part: number): number => {
  const file = join(directory, `callgrind.${pid}.${part}`);
  if (!existsSync(file)) throw new Error(`callgrind wrote no dump ${part} for ${pid} in ${directory}`);
  const summary = readFileSync(file, 'utf8').match(/^summary: (\d+)$/m);
  if (!summary?.[1]) throw new Error(`${file} has no summary line`);
  const inclusive = execFileSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', file], {
    encoding: 'utf8',
    maxBuffer: 256 << 20,
  });
  const spentIn = (name: string): number => {
    const line = inclusive.split('\n').find((candidate) => candidate.includes(`:${name}`));
    return line ? Number(line.trim().split(/\s+/)[0]!.replaceAll(',', '')) : 0;
  };
  return NOT_THE_ROUTES_OWN.reduce((left, name) => left - spentIn(name), Number(summary[1]));
};

/**
 * BENCH_INSTRUCTIONS_ROUTES=reads (or creations) counts those routes only: the reads take minutes under
 * callgrind, the creations most of an hour, and a bisection of a read needs only the reads.
 */
const chosenKinds = (): ((route: Route) => boolean) => {
  const chosen = process.env.BENCH_INSTRUCTIONS_ROUTES?.trim() || 'all';
  if (!['all', 'reads', 'creations'].includes(chosen))
    throw new Error(`BENCH_INSTRUCTIONS_ROUTES is all, reads or creations, not ${chosen}`);
  return (route) => chosen === 'all' || (route.job.method === 'POST') === (chosen === 'creations');
};

const send = async (route: Route): Promise<void> => {
  const { url, method = 'GET', headers, body } = route.job;
  const response = await fetch(url, { method, headers, ...(body === undefined ? {} : { body }) });
  await response.arrayBuffer();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status}`);
};

const sendMany = async (route: Route, count: number) => {
  for (let sent = 0; sent < count; sent += 1) await send(route);
};

/** Instructions per request of each route, one figure per counted window, for the build in `checkout`. */
const countCheckout = async (checkout: string): Promise<Map<string, number[]>> => {
  const work = mkdtempSync(join(tmpdir(), 'countersign-instructions-'));
  // BENCH_INSTRUCTIONS_DUMPS keeps the dumps, for callgrind_annotate or KCachegrind: where did a change go?
  const keep = process.env.BENCH_INSTRUCTIONS_DUMPS?.trim();
  if (keep) mkdirSync(keep, { recursive: true });
  const dumps = keep ? mkdtempSync(join(resolve(keep), 'callgrind-')) : work;
  const env = childEnvironment({
    DATA_DIR: join(work, 'data'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000',
    PLAN_QUOTAS: 'starter=unlimited',
    // Workers kept as under steady load: under callgrind, the wait for a window's mails outlasts the default 20 s,
    // and each window would start its workers again and run their first tasks unoptimised (revisions before
    // the variable kept theirs 5 minutes).
    PDF_WORKER_IDLE_SECONDS: '86400',
  });
  try {
    const account = spawnSync(
      process.execPath,
      [
        'bin/countersign.js',
        'account',
        'create',
        '--name',
        'Instructions',
        '--email',
        'instructions@example.test',
        '--plan',
        'starter',
        '--json',
      ],
      { cwd: checkout, env, encoding: 'utf8' },
    );
    if (account.status !== 0) throw new Error(`account create failed in ${checkout}:\n${account.stderr}`);
    const { credentials } = JSON.parse(account.stdout) as { credentials: string };
    // The template and the envelope are made by the same build outside valgrind: under it, a PDF worker's
    // first task (the thread starting, its libraries loading) can outlast the server's 30 s limit for a task.
    const plain = await startListening('node', ['dist/server/main.js'], { ...env, PORT: '0', HOST }, checkout);
    let templateId: string;
    let envelopeId: string;
    try {
      const setup = await ApiClient.login(plain.url, credentials);
      templateId = String((await setup.expect(201, 'POST', '/api/v2.0/templates/create', await templateBody())).template_id);
      ({ envelopeId } = await setup.createEnvelope(await envelopeBody(2)));
      await waitUntilIdle(plain.pid);
    } finally {
      await plain.stop();
    }
    const server = await startListening(
      'valgrind',
      ['--tool=callgrind', `--callgrind-out-file=${dumps}/callgrind.%p`, 'node', ...NODE_FLAGS, 'dist/server/main.js'],
      { ...env, PORT: '0', HOST },
      checkout,
    );
    try {
      const client = await ApiClient.login(server.url, credentials);
      const counts = new Map<string, number[]>();
      let dumped = 0;
      for (const route of (await routesOf({ client, envelopeId, templateId })).filter(chosenKinds())) {
        const plan = route.job.method === 'POST' ? CREATIONS : READS;
        log(`${checkout}: ${route.name}${dumps === work ? '' : ` (dumps in ${dumps})`}`);
        await sendMany(route, plan.warmUp);
        await waitUntilIdle(server.pid, 120_000);
        const perRequest: number[] = [];
        for (let window = 0; window < plan.windows; window += 1) {
          control(server.pid, '--zero');
          await sendMany(route, plan.perWindow);
          // A creation's mails are sent by a job after the answer: they are part of what it costs.
          await waitUntilIdle(server.pid, 120_000);
          control(server.pid, '--dump');
          dumped += 1;
          perRequest.push(dumpedInstructions(dumps, server.pid, dumped) / plan.perWindow);
        }
        counts.set(route.name, perRequest);
      }
      return counts;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true, maxRetries: 5 });
  }
};

/**
 * `revision` checked out beside this one and built as a stranger would (`npm ci` builds it); or, when it
 * names a directory, that checkout as it is, already built.
 */
const checkOut = (revision: string): { directory: string; remove(): void } => {
  if (existsSync(join(revision, 'dist/server/main.js'))) return { directory: resolve(revision), remove: () => {} };
  const directory = mkdtempSync(join(tmpdir(), 'countersign-baseline-'));
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repositoryRoot, stdio: 'inherit' });
  git('worktree', 'add', '--detach', directory, revision);
  log(`npm ci in ${directory}`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: directory, stdio: 'inherit', env: childEnvironment({}) });
  return { directory, remove: () => git('worktree', 'remove', '--force', directory) };
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const thousands = (value: number) => `${Math.round(value / 1000).toLocaleString('en-US')} k`;

const main = async () => {
  const revision = process.argv[2] ?? process.env.BENCH_BASELINE;
  if (!revision) throw new Error('name the revision to compare with: npm run bench:instructions -- <git revision | built checkout>');
  const prestart = spawnSync('npm', ['run', 'prestart', '--if-present', '--silent'], { cwd: repositoryRoot, stdio: 'inherit' });
  if (prestart.status !== 0) throw new Error('npm run prestart failed');
  const baseline = checkOut(revision);
  try {
    const before = await countCheckout(baseline.directory);
    const after = await countCheckout(repositoryRoot);
    console.log(
      `Instructions per request outside optimising compilation and garbage collection (callgrind, SQLite, node ${NODE_FLAGS.join(' ')}; the median window, then each window)\n`,
    );
    console.log(`| Route | ${revision} | this checkout | change |`);
    console.log('|---|---|---|---|');
    for (const [route, counted] of after) {
      const earlier = before.get(route);
      const change = earlier ? `${(((median(counted) - median(earlier)) / median(earlier)) * 100).toFixed(1)} %` : 'new';
      const cell = (values: number[] | undefined) => (values ? `${thousands(median(values))} (${values.map(thousands).join(', ')})` : '—');
      console.log(`| ${route} | ${cell(earlier)} | ${cell(counted)} | ${change} |`);
    }
  } finally {
    baseline.remove();
  }
};

await main();
