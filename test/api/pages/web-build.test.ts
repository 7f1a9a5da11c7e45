import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { AppError } from '../../../src/domain/app-error.js';
import { statusOf } from '../../../src/http/errors.js';
import { readWebPage, webBuildExists } from '../../../src/http/routes/pages/web-build.js';

describe('the web build behind the pages', () => {
  it('answers 503 WEB_NOT_BUILT, not a crash, when dist/web was never built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'countersign-no-web-'));
    try {
      assert.equal(webBuildExists(empty), false);
      await assert.rejects(readWebPage('sign.html', empty), (error: AppError) => {
        assert.equal(error.code, 'WEB_NOT_BUILT');
        assert.equal(statusOf(error), 503);
        assert.match(error.message, /npm run build:web/);
        return true;
      });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('reads the built signing page when it exists', async () => {
    assert.equal(webBuildExists(), true);
    assert.match(await readWebPage('sign.html'), /<div id="root">/);
  });
});
