import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../../src/config.js';

describe('the conversion settings (CONVERTER, CONVERSION_TIMEOUT_SECONDS, CONVERSION_MEMORY_MB)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'countersign-converter-'));
  const soffice = join(dir, 'soffice');
  writeFileSync(soffice, '#!/bin/sh\n');
  chmodSync(soffice, 0o755);
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to soffice found on the PATH, 60 s and 512 MB', () => {
    assert.deepEqual(loadConfig({ PATH: `/nowhere:${dir}` }).conversion, {
      converter: { kind: 'soffice', path: soffice },
      timeoutSeconds: 60,
      memoryMb: 512,
    });
  });

  it('knows when soffice is nowhere on the PATH, and when CONVERTER turns conversion off', () => {
    assert.deepEqual(loadConfig({ PATH: '/nowhere' }).conversion.converter, { kind: 'missing' });
    assert.deepEqual(loadConfig({ PATH: dir, CONVERTER: 'off' }).conversion.converter, { kind: 'off' });
  });

  it('takes the path CONVERTER names, and refuses to start when nothing can be run there', () => {
    assert.deepEqual(loadConfig({ PATH: '/nowhere', CONVERTER: soffice }).conversion.converter, { kind: 'soffice', path: soffice });
    assert.throws(
      () => loadConfig({ CONVERTER: join(dir, 'missing') }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /^Configuration error: CONVERTER must be off or the path of LibreOffice's soffice/);
        return true;
      },
    );
    assert.throws(() => loadConfig({ CONVERTER: dir }), ConfigError);
  });

  it('reads the limits, within their bounds', () => {
    assert.deepEqual(loadConfig({ CONVERSION_TIMEOUT_SECONDS: '5', CONVERSION_MEMORY_MB: '1024' }).conversion.timeoutSeconds, 5);
    assert.equal(loadConfig({ CONVERSION_MEMORY_MB: '1024' }).conversion.memoryMb, 1024);
    assert.throws(
      () => loadConfig({ CONVERSION_TIMEOUT_SECONDS: '0' }),
      /CONVERSION_TIMEOUT_SECONDS must be a whole number from 1 to 3600/,
    );
    assert.throws(() => loadConfig({ CONVERSION_MEMORY_MB: '16' }), /CONVERSION_MEMORY_MB must be a whole number from 64 to 65536/);
  });
});
