import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startChildServer, type ChildServer } from './child-server.js';
import type { CliRun } from './cli-runner.js';

const exec = promisify(execFile);

/** The checkout this file belongs to: where the earlier release's commit is read from. */
export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface EarlierRelease {
  commit: string;
  /** Its files, extracted from git and built; removed by `remove`. */
  dir: string;
  /** `node dist/server/main.js` there, as `npm start` runs it. */
  start(env: Record<string, string>): Promise<ChildServer>;
  /** Its `countersign` CLI (`bin/countersign.js`), with only `env` besides PATH and HOME. */
  cli(env: Record<string, string>, args: readonly string[]): Promise<CliRun>;
  remove(): void;
}

const dependencyNames = (packageJson: string): string[] => {
  const manifest = JSON.parse(packageJson) as { dependencies?: object; devDependencies?: object };
  return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})];
};

/**
 * Extracts `commit` into a temporary directory with `git archive` (the checkout is not touched) and
 * builds its server and CLI as its own scripts/build.mjs does, without the web pages: the API needs
 * none. It runs on this checkout's node_modules, which holds every package it declares (checked
 * here), except its own @countersign/verify, built from its sources: the server seals and proves
 * with it, so the earlier release must use its own.
 */
export const buildEarlierRelease = async (commit: string): Promise<EarlierRelease> => {
  try {
    execFileSync('git', ['-C', repositoryRoot, 'cat-file', '-e', `${commit}^{commit}`], { stdio: 'ignore' });
  } catch {
    throw new Error(
      `The upgrade test starts the earlier release ${commit}, which this clone lacks (a shallow clone?): ` +
        '`git fetch --unshallow` (or clone with the full history) and run it again.',
    );
  }
  const dir = mkdtempSync(join(tmpdir(), `countersign-release-${commit}-`));
  try {
    const archive = execFileSync('git', ['-C', repositoryRoot, 'archive', '--format=tar', commit], { maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });

    const current = new Set(dependencyNames(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')));
    const missing = dependencyNames(readFileSync(join(dir, 'package.json'), 'utf8')).filter((name) => !current.has(name));
    if (missing.length) throw new Error(`${commit} declares packages this checkout no longer installs: ${missing.join(', ')}`);

    const modules = join(dir, 'node_modules');
    mkdirSync(join(modules, '@countersign'), { recursive: true });
    for (const name of readdirSync(join(repositoryRoot, 'node_modules'))) {
      if (name !== '@countersign') symlinkSync(join(repositoryRoot, 'node_modules', name), join(modules, name));
    }
    symlinkSync(join(dir, 'packages', 'verify'), join(modules, '@countersign', 'verify'));
    for (const project of ['packages/verify/tsconfig.json', 'tsconfig.build.json']) {
      await exec('npx', ['tsc', '-p', project], { cwd: dir });
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const shellEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  return {
    commit,
    dir,
    start: (env) => startChildServer(env, { compiled: true, cwd: dir }),
    cli: async (env, args) => {
      try {
        const { stdout, stderr } = await exec('node', ['bin/countersign.js', ...args], { cwd: dir, env: { ...shellEnv, ...env } });
        return { code: 0, stdout, stderr };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
};
