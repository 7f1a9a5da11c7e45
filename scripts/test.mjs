// `npm test`: type-check, lint, format check, build everything (scripts/build.mjs), then every test suite in
// Node's test runner. `node scripts/test.mjs <suite>` runs one suite only (no type-check, lint or format check).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const suites = ['container', 'packages', 'docs', 'unit', 'api', 'browser'];
// The typed client's and the verifier's tests start the real server as the API tests do, so they run with them.
const suiteDirs = {
  container: ['test/container'],
  packages: ['test/packages'],
  docs: ['test/docs'],
  unit: ['test/unit'],
  api: ['test/api', 'clients/typescript/test', 'packages/verify/test'],
  browser: ['test/browser'],
};
// What each suite runs against besides the sources: the compiled build or nothing.
const needsBuild = new Set(['packages', 'docs', 'api', 'browser']);
const only = process.argv[2];
if (only && !suites.includes(only)) {
  console.error(`usage: node scripts/test.mjs [${suites.join('|')}]`);
  process.exit(2);
}

const run = (label, command, args) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
};

const testFiles = (dir) => {
  const found = [];
  const walk = (path) => {
    for (const name of readdirSync(path)) {
      const full = join(path, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.test.ts')) found.push(full);
    }
  };
  try {
    walk(dir);
  } catch {
    return [];
  }
  return found.sort();
};

if (!only) {
  run('type-check', 'npx', ['tsc', '--noEmit']);
  run('lint', 'npx', ['eslint', '.']);
  run('format', 'npx', ['prettier', '--check', '.']);
}
if (!only || needsBuild.has(only)) run('build', 'node', ['scripts/build.mjs']);

// A file of the image build or the tarball installs takes minutes as a whole, more than a test
// file's time limit allows: those run in a runner of their own, beside the rest, with a limit that
// fits them. The browser files follow them in that runner, one at a time, so that the two runners
// take about as long as each other (each Chromium test keeps its own time-outs). Its report is
// printed in one piece when it ends, so the two do not interleave.
const longSuites = new Set(['container', 'packages', 'browser']);
const chosen = only ? [only] : suites;
const runners = [
  {
    label: 'image, package and browser tests',
    suites: chosen.filter((s) => longSuites.has(s)),
    concurrency: 1,
    timeoutMs: 1_800_000,
    buffered: true,
  },
  // Node's --test-timeout bounds each test file as a whole too, not only each test in it: a file of
  // many suites on both databases (first-run-setup starts nine servers) passed 240 s on a loaded
  // machine with every test in it green. The limit is one that only a hung test reaches.
  { label: 'tests', suites: chosen.filter((s) => !longSuites.has(s)), concurrency: 2, timeoutMs: 600_000, buffered: false },
]
  .map((runner) => ({ ...runner, files: runner.suites.flatMap((suite) => suiteDirs[suite].flatMap(testFiles)) }))
  .filter((runner) => runner.files.length > 0);

// A failed test's report can sit thousands of lines above the end of the output, where a CI log's tail does
// not reach: every runner's failures are repeated together at the very end.
const FAILURE = /^(\s*)not ok \d+ - /;
const MAX_FAILURE_LINES = 40;
const failureReports = (report) => {
  const lines = report.split('\n');
  const found = [];
  lines.forEach((line, index) => {
    const failure = FAILURE.exec(line);
    if (!failure) return;
    const end = lines.findIndex(
      (next, at) => at > index && /^\s*(ok|not ok) \d+ - |^\s*# Subtest/.test(next) && next.search(/\S/) <= failure[1].length,
    );
    found.push(lines.slice(index, Math.min(end === -1 ? lines.length : end, index + MAX_FAILURE_LINES)).join('\n'));
  });
  return found;
};

const startRunner = ({ label, files, concurrency, timeoutMs, buffered }) =>
  new Promise((resolve) => {
    console.log(`\n▶ ${label} (${files.length} files)${buffered ? ': report at the end' : ''}`);
    const args = ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, `--test-timeout=${timeoutMs}`, ...files];
    const child = spawn('node', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let report = '';
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      stream.on('data', (chunk) => {
        report += chunk;
        if (!buffered) out.write(chunk);
      });
    child.on('exit', (code, signal) => {
      if (buffered) console.log(`\n▶ ${label}: report\n${report}`);
      const ok = code === 0;
      if (!ok) console.error(`✖ ${label} failed (${signal ?? `exit code ${code}`})`);
      resolve({ label, ok, failures: failureReports(report) });
    });
  });

const outcomes = await Promise.all(runners.map(startRunner));
for (const { label, failures } of outcomes.filter((outcome) => outcome.failures.length > 0)) {
  console.error(`\n✖ ${label}: ${failures.length} failed test${failures.length === 1 ? '' : 's'} and suites\n`);
  for (const failure of failures) console.error(`${failure}\n`);
}
process.exit(outcomes.every((outcome) => outcome.ok) ? 0 : 1);
