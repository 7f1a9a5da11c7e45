import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const packageDir = fileURLToPath(new URL('../', import.meta.url));

describe('the @countersign/client package', () => {
  it('is publishable with no runtime dependency, its entry points under dist/', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    assert.equal(manifest.name, '@countersign/client');
    assert.equal(manifest.private, false);
    assert.equal(manifest.dependencies, undefined);
    assert.deepEqual(manifest.exports['.'], { types: './dist/index.d.ts', import: './dist/index.js' });
    assert.deepEqual(manifest.files, ['dist', 'README.md']);
    assert.match(manifest.engines.node, /^>=20/);
    assert.ok(manifest.scripts.build);
  });

  it('builds with its own tsconfig, without Node types (fetch and Web Crypto only), to modules Node imports', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'countersign-client-build-'));
    try {
      await exec('npx', ['tsc', '-p', join(packageDir, 'tsconfig.json'), '--outDir', outDir]);
      writeFileSync(join(outDir, 'package.json'), JSON.stringify({ type: 'module' }));
      const built = await import(pathToFileURL(join(outDir, 'index.js')).href);
      assert.equal(typeof built.CountersignClient, 'function');
      assert.equal(typeof built.verifyWebhookSignature, 'function');
      const client = new built.CountersignClient({ baseUrl: 'http://localhost:3000', clientId: 'id', clientSecret: 'secret' });
      assert.equal(typeof client.createEnvelopeWithTemplate, 'function');
      assert.equal(typeof client.paginate.listEnvelopes, 'function');
      assert.ok(readFileSync(join(outDir, 'index.d.ts'), 'utf8').includes('CountersignClient'));
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
