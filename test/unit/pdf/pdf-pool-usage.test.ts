import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createPdfPool, type PdfPoolUsage } from '../../../src/infra/pdf/pdf-pool.js';
import { makePdf } from '../../support/pdf-fixtures.js';

describe('PDF worker pool usage, as the metrics scrape reads it', () => {
  const pool = createPdfPool({ threads: 1 });
  after(() => pool.close());

  it('reports no worker and no task before the first PDF', () => {
    assert.deepEqual(pool.usage(), { maxWorkers: 1, workers: 0, busy: 0, queued: 0 });
  });

  it('counts the busy worker and the tasks waiting behind it, then the idle worker', async () => {
    const bytes = await makePdf({ pages: 60, text: 'Please SIGNHERE' });
    const seen: PdfPoolUsage[] = [];
    let settled = false;
    const tasks = Promise.all([1, 2, 3].map(() => pool.findAnchors(bytes, ['SIGNHERE'], 100))).finally(() => (settled = true));
    while (!settled) {
      seen.push(pool.usage());
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await tasks;
    for (const usage of seen) {
      assert.ok(usage.busy <= usage.workers && usage.workers <= 1, JSON.stringify(usage));
      assert.ok(usage.busy + usage.queued <= 3, JSON.stringify(usage));
    }
    assert.ok(
      seen.some((usage) => usage.busy === 1 && usage.queued >= 1),
      'one task ran while others waited',
    );
    assert.deepEqual(pool.usage(), { maxWorkers: 1, workers: 1, busy: 0, queued: 0 });
  });
});

describe('PDF workers let go when idle (PDF_WORKER_IDLE_SECONDS)', () => {
  const waitForWorkers = async (pool: ReturnType<typeof createPdfPool>, workers: number, withinMs: number) => {
    const until = Date.now() + withinMs;
    while (pool.usage().workers !== workers && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    return pool.usage().workers;
  };

  it('stops a worker idle for its idle time, and keeps one of the default idle time over the same wait', async () => {
    const bytes = await makePdf({ pages: 1, text: 'Please SIGNHERE' });
    const brief = createPdfPool({ threads: 1, idleTimeoutMs: 300 });
    const standard = createPdfPool({ threads: 1 });
    try {
      await Promise.all([brief.findAnchors(bytes, ['SIGNHERE'], 10), standard.findAnchors(bytes, ['SIGNHERE'], 10)]);
      assert.equal(brief.usage().workers, 1);
      assert.equal(await waitForWorkers(brief, 0, 5_000), 0, 'the worker idle for 300 ms stopped');
      assert.equal(standard.usage().workers, 1, 'the worker of the 20 s default still runs');
      assert.deepEqual(await brief.findAnchors(bytes, ['SIGNHERE'], 10), await standard.findAnchors(bytes, ['SIGNHERE'], 10));
      assert.equal(brief.usage().workers, 1, 'the next task started one again');
    } finally {
      await Promise.all([brief.close(), standard.close()]);
    }
  });
});
