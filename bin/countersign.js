#!/usr/bin/env node
// The `countersign` command runs the compiled CLI; `npm install` in a clone (prepare) and `npm pack` build it.
try {
  await import('../dist/server/cli/main.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/server/cli/main.js')) throw error;
  process.stderr.write('countersign: dist/ is missing — run `npm run build` in the checkout first\n');
  process.exit(1);
}
