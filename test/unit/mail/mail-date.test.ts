import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatMailDate } from '../../../src/infra/mail/mail-date.js';

describe('mail dates', () => {
  it('reads as day, month name, year and 24-hour UTC time', () => {
    assert.equal(formatMailDate(new Date('2026-11-21T08:15:00Z')), '21 November 2026, 08:15 UTC');
  });

  it('shows the UTC day and midnight as 00:00, whatever the instant was written in', () => {
    assert.equal(formatMailDate(new Date('2027-01-01T01:00:00+01:00')), '1 January 2027, 00:00 UTC');
  });
});
