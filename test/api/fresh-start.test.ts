import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startChildServer } from '../support/child-server.js';

/** Starts `npm start`'s entry with `env` only and waits for it to exit. */
const refusedStart = async (env: Record<string, string>): Promise<{ code: number | null; stderr: string }> => {
  const child = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stderr };
};

describe('npm start on a fresh machine', () => {
  it('starts with no configuration on an empty DATA_DIR and becomes ready', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'countersign-fresh-')), 'data');
    // No database, SMTP, certificate or other configuration: only where to keep data.
    const child = await startChildServer({ DATA_DIR: dataDir });
    try {
      const ready = await fetch(`${child.url}/readyz`);
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), { status: 'ok' });
      assert.ok(existsSync(join(dataDir, 'countersign.db')), 'the embedded database lives in DATA_DIR');
    } finally {
      await child.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses a bad variable with one line naming it', async () => {
    const { code, stderr } = await refusedStart({ PORT: 'eighty' });
    assert.equal(code, 1);
    assert.equal(stderr.trim(), 'Configuration error: PORT must be a whole number from 0 to 65535 (got "eighty")');
  });

  it('refuses a port in use with one line naming PORT, no stack trace, exit 1', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const dataDir = mkdtempSync(join(tmpdir(), 'countersign-port-taken-'));
    try {
      const { code, stderr } = await refusedStart({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
      assert.equal(code, 1);
      assert.equal(stderr.trim(), `PORT ${port} is already in use (127.0.0.1:${port}): stop the other process or set PORT to a free port`);
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
