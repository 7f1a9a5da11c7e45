// `node scripts/pack.mjs <dir>`: the release tarballs — countersign (server and CLI), @countersign/client,
// @countersign/verify and @countersign/embed — built once and packed into <dir>, exactly what a stranger installs:
//   npm install ./countersign-verify-<v>.tgz ./countersign-<v>.tgz   (then `npx countersign serve`)
// Prints the tarballs' paths, one per line, on stdout. `--no-build` packs dist/ as it is (npm test has just built it).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [destination, ...flags] = process.argv.slice(2);
if (!destination || flags.some((flag) => flag !== '--no-build')) {
  console.error('usage: node scripts/pack.mjs <output-directory> [--no-build]');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = resolve(destination);
mkdirSync(outDir, { recursive: true });

const run = (args, options = {}) => {
  const result = spawnSync(args[0], args.slice(1), { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options });
  if (result.status !== 0) {
    console.error(`${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
  return result.stdout;
};

if (!flags.includes('--no-build')) run(['node', 'scripts/build.mjs'], { stdio: ['ignore', 'inherit', 'inherit'] });
// Built above: the packs' own prepare/prepack scripts would only build it all again.
const packed = JSON.parse(
  run(['npm', 'pack', '--json', '--ignore-scripts', '--workspaces', '--include-workspace-root', '--pack-destination', outDir]),
);
for (const { filename } of packed) console.log(resolve(outDir, filename));
