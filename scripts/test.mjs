// `npm test`: type-check, lint, format check, build the signing page, then every test suite in Node's test runner.
// `node scripts/test.mjs unit|api|browser` runs one suite only (no type-check, lint or format check).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const suites = ['unit', 'api', 'browser'];
// The typed client's tests start the real server as the API tests do, so they run with them.
const suiteDirs = { unit: ['test/unit'], api: ['test/api', 'clients/typescript/test'], browser: ['test/browser'] };
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
if (!only || only === 'browser') run('build the signing page', 'node', ['scripts/build-web.mjs']);

const files = (only ? [only] : suites).flatMap((suite) => suiteDirs[suite].flatMap(testFiles));
run(`tests (${files.length} files)`, 'node', ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=240000', ...files]);
