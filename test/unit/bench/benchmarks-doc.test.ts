import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { BENCHMARKS_DOC, checkBenchmarksDoc, withGenerated } from '../../../bench/benchmarks-doc.js';
import { markdownTable, summaryLine } from '../../../bench/report.js';
import { createWithTemplateTarget, loadFigure } from '../../../bench/targets.js';

const load = { requestsPerSecond: 2_000, requests: 20_000, p50Ms: 10, p99Ms: 40, non2xx: 0, errors: 0, statusCodes: { 201: 20_000 } };

describe('npm run bench: docs/benchmarks.md and its table', () => {
  it('keeps the markers of its generated part, so a full run can rewrite it', () => {
    assert.doesNotThrow(() => checkBenchmarksDoc());
  });

  it('replaces only the generated part: the prose before and after stays', () => {
    const text = readFileSync(BENCHMARKS_DOC, 'utf8');
    const once = withGenerated(text, 'first table');
    const twice = withGenerated(once, 'second table');
    assert.ok(twice.includes('second table') && !twice.includes('first table'));
    assert.equal(twice.split('## History')[1], text.split('## History')[1]);
    assert.equal(
      twice.split('<!-- npm run bench: generated from here -->')[0],
      text.split('<!-- npm run bench: generated from here -->')[0],
    );
  });

  it('refuses a page without the markers instead of writing the table somewhere else', () => {
    assert.throws(() => withGenerated('# Benchmarks\n', 'table'), /lacks the markers/);
  });

  it('meets a target only when no request failed', () => {
    const met = loadFigure('create_with_template', 'sqlite', { load }, undefined, createWithTemplateTarget('sqlite'));
    const failed = loadFigure(
      'create_with_template',
      'sqlite',
      { load: { ...load, non2xx: 3 } },
      undefined,
      createWithTemplateTarget('sqlite'),
    );
    assert.equal(met.met, true);
    assert.equal(failed.met, false);
    assert.match(failed.result, /3 non-2xx/);
    assert.equal(summaryLine([met, failed]), '1 of 2 targets met');
    assert.match(markdownTable([met]), /\| create_with_template \| SQLite \| 2,000 req\/s, p50 10 ms, p99 40 ms \|/);
  });

  it('gives the ratio to the bare route both as measured and per core the server used', () => {
    const bare = { load: { ...load, requestsPerSecond: 20_000 }, cores: { server: 1, load: 0.9, other: 0.1 } };
    const starved = loadFigure('details', 'sqlite', { load, cores: { server: 0.25, load: 0.1, other: 1.6 } }, bare);
    assert.equal(starved.ratio, 0.1);
    assert.equal(starved.ratioPerCore, 0.4);
    assert.match(markdownTable([starved]), /\| 0\.100 \(0\.400\) \|/);
  });
});
