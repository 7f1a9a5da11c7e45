// `npm test`: type-check, lint, format check, build everything (scripts/build.mjs), then every test suite in
// Node's test runner. `node scripts/test.mjs <suite>` runs one suite only (no type-check, lint or format check).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// The slowest suites come first: the runner starts files in this order, two at a time, so the image build
// and the tarball installs overlap the rest instead of trailing it.
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

const files = (only ? [only] : suites).flatMap((suite) => suiteDirs[suite].flatMap(testFiles));
run(`tests (${files.length} files)`, 'node', ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=240000', ...files]);
