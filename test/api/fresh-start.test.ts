import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

describe('npm start on a fresh machine', () => {
  it('starts with no configuration on an empty DATA_DIR and becomes ready', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'countersign-fresh-')), 'data');
    // Only what any shell has: no database, SMTP, certificate or other configuration.
    const child = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`no "listening" line in time:\n${output}`)), 60_000);
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = output.match(/listening on (http:\/\/\S+)/);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      const ready = await fetch(`${url}/readyz`);
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), { status: 'ok' });
      assert.ok(existsSync(join(dataDir, 'countersign.db')), 'the embedded database lives in DATA_DIR');
    } finally {
      child.kill('SIGTERM');
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
