// `npm run build` (and `prepare`, which npm runs on `npm install` in a clone and on `npm pack`):
// compiles everything once — the verifier, embed and client packages, the server and CLI (src/ → dist/server)
// and the pages (web/ → dist/web). Nothing compiles at run time: `npm start` and `countersign` run dist/.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildWeb } from './build-web.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = (project) => {
  const result = spawnSync('npx', ['tsc', '-p', project], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`tsc -p ${project} failed`);
    process.exit(result.status ?? 1);
  }
};

tsc('packages/verify/tsconfig.json');
tsc('packages/embed/tsconfig.json');
tsc('clients/typescript/tsconfig.json');
// A source file deleted since the last build must not leave its old output behind.
rmSync(new URL('../dist/server', import.meta.url), { recursive: true, force: true });
tsc('tsconfig.build.json');
process.exit(buildWeb(root));
