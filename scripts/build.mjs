// `npm run build`: the server and CLI (tsc → dist/server) and the signing page (Vite → dist/web).
// `--if-stale` (what `npm start` runs first) builds only what changed since the last build.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildServer } from './server-build.mjs';

const ifStale = process.argv.includes('--if-stale');
const root = fileURLToPath(new URL('..', import.meta.url));

await buildServer(root, { ifStale, onBuild: () => console.error('Building Countersign…') });
const web = spawnSync(process.execPath, [fileURLToPath(new URL('build-web.mjs', import.meta.url)), ...(ifStale ? ['--if-stale'] : [])], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(web.status ?? 1);
