import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../src/domain/app-error.js';
import { ConversionSlots } from '../../../src/infra/convert/conversion-slots.js';

/** A piece of work the test finishes when it wants. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('ConversionSlots', () => {
  it('runs at most its size at once; the others wait and start in the order they came', async () => {
    const slots = new ConversionSlots(2, 10, 60);
    const gates = Array.from({ length: 4 }, gate);
    const started: number[] = [];
    const done = gates.map((g, i) =>
      slots.run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0, 1]);
    gates[1]!.open();
    await done[1];
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0, 1, 2]);
    for (const g of gates) g.open();
    assert.deepEqual(await Promise.all(done), [0, 1, 2, 3]);
  });

  it('answers 503 SERVICE_UNAVAILABLE with a Retry-After once its queue is full, and frees a slot whose work failed', async () => {
    const slots = new ConversionSlots(1, 1, 42);
    const g = gate();
    const running = slots.run(() => g.opened);
    const waiting = slots.run(async () => 'waited');
    await assert.rejects(
      slots.run(async () => 'refused'),
      (error: unknown) => {
        assert.ok(error instanceof AppError);
        assert.equal(error.code, 'SERVICE_UNAVAILABLE');
        assert.equal(error.retryAfterSeconds, 42);
        return true;
      },
    );
    g.open();
    await running;
    assert.equal(await waiting, 'waited');
    await assert.rejects(
      slots.run(async () => Promise.reject(new Error('boom'))),
      /boom/,
    );
    assert.equal(await slots.run(async () => 'free again'), 'free again');
  });
});
