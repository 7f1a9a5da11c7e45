import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createOutboxDirectory } from '../../../src/infra/mail/outbox-directory.js';

describe('the outbox directory (mail without SMTP)', () => {
  it('makes its directory on the first write, and again when it was removed meanwhile', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      const dir = join(parent, 'mail', 'outbox');
      const outbox = createOutboxDirectory(dir);
      const first = await outbox.write(Buffer.from('first'));
      rmSync(join(parent, 'mail'), { recursive: true });
      const second = await outbox.write(Buffer.from('second'), '.json');
      assert.deepEqual(readdirSync(dir), [second.slice(dir.length + 1)]);
      assert.equal(readFileSync(second, 'utf8'), 'second');
      assert.notEqual(first, second);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
