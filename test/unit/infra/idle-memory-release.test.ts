import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { startIdleMemoryRelease, type IdleMemoryRelease } from '../../../src/infra/memory/idle-memory-release.js';

const CHECK_EVERY_MS = 10_000;

describe('the idle memory release', () => {
  let collections: number;
  let release: IdleMemoryRelease;
  beforeEach(() => {
    mock.timers.enable({ apis: ['setInterval'] });
    collections = 0;
    release = startIdleMemoryRelease({ collect: () => (collections += 1), checkEveryMs: CHECK_EVERY_MS, quietChecks: 3 });
  });
  afterEach(() => {
    release.stop();
    mock.timers.reset();
  });

  it('collects the heap twice once the server has received no request for three checks, and once only per quiet spell', () => {
    release.activity();
    mock.timers.tick(CHECK_EVERY_MS);
    mock.timers.tick(2 * CHECK_EVERY_MS);
    assert.equal(collections, 0, 'two quiet checks are not yet idle');
    mock.timers.tick(CHECK_EVERY_MS);
    assert.equal(collections, 2);
    mock.timers.tick(20 * CHECK_EVERY_MS);
    assert.equal(collections, 2, 'an idle server is collected once, not at every check');
  });

  it('does not collect while requests keep arriving', () => {
    for (let check = 0; check < 20; check += 1) {
      release.activity();
      mock.timers.tick(CHECK_EVERY_MS);
    }
    assert.equal(collections, 0);
  });

  it('collects again after the next quiet spell that follows new requests', () => {
    mock.timers.tick(3 * CHECK_EVERY_MS);
    assert.equal(collections, 2, 'a server idle since its start is collected');
    release.activity();
    mock.timers.tick(CHECK_EVERY_MS);
    assert.equal(collections, 2);
    mock.timers.tick(3 * CHECK_EVERY_MS);
    assert.equal(collections, 4);
  });

  it('stops checking when stopped', () => {
    release.stop();
    mock.timers.tick(10 * CHECK_EVERY_MS);
    assert.equal(collections, 0);
  });
});
