// Builds the pages (web/) into dist/web with Vite.
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Builds dist/web. Returns the exit status. */
export const buildWeb = (root) => {
  const result = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  return result.status ?? 1;
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit(buildWeb(fileURLToPath(new URL('..', import.meta.url))));
}
