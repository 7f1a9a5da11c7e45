import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDate, formatDateTime, formatIsoDay } from '../../../src/domain/date-format.js';

describe('the date rule of the page, the mails and the PDF', () => {
  it('writes a date as day, month name and year, in UTC', () => {
    assert.equal(formatDate(new Date('2026-11-22T23:30:00Z')), '22 November 2026');
    assert.equal(formatDate(new Date('2026-11-22T23:30:00-02:00')), '23 November 2026');
  });

  it('reads as day, month name, year and 24-hour UTC time', () => {
    assert.equal(formatDateTime(new Date('2026-11-21T08:15:00Z')), '21 November 2026, 08:15 UTC');
  });

  it('shows the UTC day and midnight as 00:00, whatever the instant was written in', () => {
    assert.equal(formatDateTime(new Date('2027-01-01T01:00:00+01:00')), '1 January 2027, 00:00 UTC');
  });

  it('turns a stored date_signed day into words, and leaves anything else as it is', () => {
    assert.equal(formatIsoDay('2026-11-22'), '22 November 2026');
    assert.equal(formatIsoDay('2026-11-22', 'de'), '22. November 2026');
    assert.equal(formatIsoDay('next Tuesday'), 'next Tuesday');
  });
});
