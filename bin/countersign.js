#!/usr/bin/env node
// The `countersign` command: the compiled CLI, built first when the sources changed since the last build.
import { fileURLToPath } from 'node:url';
import { buildServer } from '../scripts/server-build.mjs';

await buildServer(fileURLToPath(new URL('..', import.meta.url)), {
  ifStale: true,
  onBuild: () => process.stderr.write('Building Countersign…\n'),
});
await import('../dist/server/cli/main.js');
