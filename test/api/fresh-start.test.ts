import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startChildServer } from '../support/child-server.js';

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
    const child = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
      env: { PATH: process.env.PATH ?? '', PORT: 'eighty' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    assert.equal(code, 1);
    assert.equal(stderr.trim(), 'Configuration error: PORT must be a whole number from 0 to 65535 (got "eighty")');
  });
});
