// Builds the signing page (web/) into dist/web with Vite. `--if-stale` skips the build when
// dist/web is newer than every source file, so `npm start` stays fast after the first run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (path) => {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
};

if (!existsSync('web/vite.config.ts')) process.exit(0);
const built = 'dist/web/sign.html';
if (process.argv.includes('--if-stale') && existsSync(built) && statSync(built).mtimeMs >= newest('web')) process.exit(0);

const result = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { stdio: 'inherit' });
process.exit(result.status ?? 1);
