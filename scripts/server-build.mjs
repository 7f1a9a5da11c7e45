// The compiled server and CLI (dist/server, from src/ by tsc with tsconfig.build.json), and whether it is
// current. `npm start` (prestart) and bin/countersign.js check before every run, so the check reads the
// inputs and hashes them, a few milliseconds, instead of trusting modification times.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

export const SERVER_BUILD_DIR = join('dist', 'server');
const STAMP_FILE = 'build-stamp.json';
const LOCK_FILE = join('dist', '.server-build.lock');
const LOCK_POLL_MS = 100;

/** Everything the emitted JavaScript depends on: the sources, the compiler's settings, and this file. */
const INPUT_FILES = ['package.json', 'tsconfig.json', 'tsconfig.build.json', join('scripts', 'server-build.mjs')];
const INPUT_DIRS = ['src'];

const filesUnder = (root, dir) => {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') return [];
    throw error;
  }
  return entries.flatMap((entry) => (entry.isDirectory() ? filesUnder(root, join(dir, entry.name)) : [join(dir, entry.name)]));
};

const readIfPresent = (path) => {
  try {
    return readFileSync(path);
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
};

/** SHA-256 over the inputs' paths and contents: a file added, removed, renamed or changed gives another value. */
export const inputFingerprint = (root) => {
  const hash = createHash('sha256');
  const files = [...INPUT_FILES, ...INPUT_DIRS.flatMap((dir) => filesUnder(root, dir))].sort();
  for (const file of files) {
    const content = readIfPresent(join(root, file));
    if (content === undefined) continue;
    hash.update(`${file.split('\\').join('/')}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
};

const stampOf = (root) => {
  const stamp = readIfPresent(join(root, SERVER_BUILD_DIR, STAMP_FILE));
  if (!stamp) return undefined;
  try {
    return JSON.parse(stamp.toString('utf8')).inputs;
  } catch {
    return undefined;
  }
};

/** True when dist/server was built from exactly the inputs there are now. */
export const serverBuildIsFresh = (root) => stampOf(root) === inputFingerprint(root);

const tscPath = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const compile = (root, outDir) =>
  new Promise((resolve, reject) => {
    const tsc = spawn(process.execPath, [tscPath, '-p', join(root, 'tsconfig.build.json'), '--outDir', outDir], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    tsc.once('error', reject);
    tsc.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`tsc -p tsconfig.build.json failed (${signal ?? `exit code ${code}`})`)),
    );
  });

const processIsAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * One build at a time per package directory (`npm start` and CLI calls may start together): the lock
 * file names its holder's pid, and a lock whose process is gone (a build killed half-way) is taken over.
 */
const withBuildLock = async (root, work) => {
  const lockPath = join(root, LOCK_FILE);
  await mkdir(join(root, 'dist'), { recursive: true });
  for (;;) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = Number((await readFile(lockPath, 'utf8').catch(() => '')).trim());
      if (holder && !processIsAlive(holder)) await rm(lockPath, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lockPath, { force: true });
  }
};

/**
 * Compiles into a fresh directory beside dist/server and swaps it in, so dist/server never holds a
 * half-written build or the output of a source file that was since deleted. Returns whether it built.
 * `ifStale` skips a build whose stamp matches the inputs (checked again under the lock, as another
 * process may have just built); `onBuild` is told before a build starts.
 */
export const buildServer = async (root, { ifStale = false, onBuild = () => undefined } = {}) => {
  if (ifStale && serverBuildIsFresh(root)) return false;
  return withBuildLock(root, async () => {
    const inputs = inputFingerprint(root);
    if (ifStale && stampOf(root) === inputs) return false;
    onBuild();
    const target = join(root, SERVER_BUILD_DIR);
    const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
    const fresh = join(root, 'dist', `.server-new-${suffix}`);
    const old = join(root, 'dist', `.server-old-${suffix}`);
    try {
      await compile(root, relative(root, fresh));
      await writeFile(join(fresh, STAMP_FILE), `${JSON.stringify({ inputs })}\n`);
      await rename(target, old).catch((error) => {
        if (error.code !== 'ENOENT') throw error;
      });
      await rename(fresh, target);
    } finally {
      await rm(fresh, { recursive: true, force: true });
      await rm(old, { recursive: true, force: true });
    }
    return true;
  });
};
