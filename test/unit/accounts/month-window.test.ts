import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { monthWindow } from '../../../src/app/accounts/month-window.js';

const monthStartOf = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex, 1)).toISOString();

describe('the quota month (docs/api/authentication.md)', () => {
  it('is [first instant of the UTC month, first instant of the next), written as Date#toISOString writes them', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00.000Z'), max: new Date('9999-11-30T23:59:59.999Z'), noInvalidDate: true }),
        (now) => {
          assert.deepEqual(monthWindow(now), {
            start: monthStartOf(now.getUTCFullYear(), now.getUTCMonth()),
            end: monthStartOf(now.getUTCFullYear(), now.getUTCMonth() + 1),
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('turns the year in December, at the last millisecond of a month and at the first of the next', () => {
    assert.deepEqual(monthWindow(new Date('2026-12-31T23:59:59.999Z')), {
      start: '2026-12-01T00:00:00.000Z',
      end: '2027-01-01T00:00:00.000Z',
    });
    assert.deepEqual(monthWindow(new Date('2027-01-01T00:00:00.000Z')), {
      start: '2027-01-01T00:00:00.000Z',
      end: '2027-02-01T00:00:00.000Z',
    });
    assert.deepEqual(monthWindow(new Date('2028-02-29T12:00:00.000Z')), {
      start: '2028-02-01T00:00:00.000Z',
      end: '2028-03-01T00:00:00.000Z',
    });
  });
});
