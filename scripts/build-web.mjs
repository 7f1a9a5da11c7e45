// Builds the signing page (web/) into dist/web with Vite. `--if-stale` skips the build when
// dist/web is newer than every source file, so `npm start` stays fast after the first run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const newest = (path) => {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
};

/** Builds dist/web unless `ifStale` and it is newer than every file under web/ and the message catalogs it imports. Returns the exit status. */
export const buildWeb = (root, { ifStale = false } = {}) => {
  if (!existsSync(join(root, 'web', 'vite.config.ts'))) return 0;
  const built = join(root, 'dist', 'web', 'sign.html');
  const sources = Math.max(newest(join(root, 'web')), newest(join(root, 'assets', 'i18n')));
  if (ifStale && existsSync(built) && statSync(built).mtimeMs >= sources) return 0;
  const result = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status ?? 1;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(buildWeb(fileURLToPath(new URL('..', import.meta.url)), { ifStale: process.argv.includes('--if-stale') }));
}
