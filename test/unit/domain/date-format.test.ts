import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatDate, formatDateTime, formatIsoDay, type DateLanguage } from '../../../src/domain/date-format.js';
import * as page from '../../../web/src/sign/date-format.js';

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

  it('is mirrored exactly by the signing page, in every language', () => {
    const instant = new Date('2026-02-03T04:05:00Z');
    for (const language of ['en', 'de', 'fr', 'es', 'pt', 'ja'] satisfies DateLanguage[]) {
      assert.equal(page.formatDate(instant, language), formatDate(instant, language));
      assert.equal(page.formatDateTime(instant, language), formatDateTime(instant, language));
      assert.equal(page.formatIsoDay('2026-02-03', language), formatIsoDay('2026-02-03', language));
    }
  });
});
