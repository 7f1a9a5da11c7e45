import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fsBlobStore } from '../../../src/infra/blobs/fs-blob-store.js';
import { TestClock } from '../../support/test-clock.js';

const DAY = 86_400_000;

describe('The fs document store', () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), 'countersign-fs-blobs-'));
  });
  after(() => rm(root, { recursive: true, force: true }));

  it('keeps a write in progress when the clock is far ahead of the file system, and clears one a crash left behind', async () => {
    const clock = new TestClock(new Date(Date.now() + 30 * DAY));
    const store = fsBlobStore(root, clock);
    const shard = join(root, 'ab');
    await mkdir(shard, { recursive: true });
    const sha = 'ab'.padEnd(64, '0');
    // A write in progress: named at the clock's time of its write, its mtime still the real (earlier) time.
    const inProgress = `${sha}.${clock.now().getTime()}.s1.tmp`;
    await writeFile(join(shard, inProgress), 'half');
    // A write that crashed two days before, by the same clock.
    const crashed = `${sha}.${clock.now().getTime() - 2 * DAY}.s2.tmp`;
    await writeFile(join(shard, crashed), 'half');
    // A crashed write of the earlier naming (no time in the name): judged by its mtime.
    const older = `${sha}.s3.tmp`;
    await writeFile(join(shard, older), 'half');
    const longAgo = new Date(clock.now().getTime() - 3 * DAY);
    await utimes(join(shard, older), longAgo, longAgo);

    assert.deepEqual(await store.listWrittenBefore(new Date(clock.now().getTime() - DAY)), []);
    assert.deepEqual(await readdir(shard), [inProgress]);
  });

  it('stamps a blob with the clock: listed once the cutoff passes its write time, renewed by writing it again', async () => {
    const clock = new TestClock();
    const store = fsBlobStore(root, clock);
    const sha = await store.put(new TextEncoder().encode('document bytes'));
    assert.ok(!(await store.listWrittenBefore(clock.now())).includes(sha));
    clock.advanceDays(2);
    assert.ok((await store.listWrittenBefore(new Date(clock.now().getTime() - DAY))).includes(sha));
    await store.put(new TextEncoder().encode('document bytes'));
    assert.ok(!(await store.listWrittenBefore(new Date(clock.now().getTime() - DAY))).includes(sha));
  });
});
