// `npm run build`: the server and CLI (tsc → dist/server) and the signing page (Vite → dist/web).
// `--if-stale` (what `npm start` runs first) builds only what changed since the last build.
import { fileURLToPath } from 'node:url';
import { buildWeb } from './build-web.mjs';
import { buildServer } from './server-build.mjs';

const ifStale = process.argv.includes('--if-stale');
const root = fileURLToPath(new URL('..', import.meta.url));

await buildServer(root, { ifStale, onBuild: () => console.error('Building Countersign…') });
process.exit(buildWeb(root, { ifStale }));
