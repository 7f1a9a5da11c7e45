import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sealingFailureText } from '../../../src/app/completion/sealing-failure.js';
import { AppError } from '../../../src/domain/app-error.js';

describe('sealingFailureText', () => {
  it("names the time-stamp authority's failures without its address", () => {
    assert.equal(
      sealingFailureText(new Error('TSA request failed: HTTP 503 Service Unavailable')),
      'The time-stamp authority answered HTTP 503.',
    );
    assert.equal(sealingFailureText(new Error('TSA request timed out after 30000ms')), 'The time-stamp authority did not answer in time.');
    assert.equal(
      sealingFailureText(new Error('TSA request failed: connect ECONNREFUSED https://user:pw@tsa.example/tsr')),
      'The time-stamp authority could not be reached.',
    );
    assert.equal(
      sealingFailureText(new Error('TSA rejected request with status 2: bad alg')),
      'The time-stamp authority refused the request (status 2).',
    );
  });

  it('keeps our own error codes and messages', () => {
    assert.equal(
      sealingFailureText(new AppError('PDF_TOO_COMPLEX', 'The PDF document is too complex to process: it needs too much memory.')),
      'PDF_TOO_COMPLEX: The PDF document is too complex to process: it needs too much memory.',
    );
  });

  it('says nothing of any other error: its text could hold a path or a secret', () => {
    const text = sealingFailureText(new Error("ENOENT: no such file or directory, open '/srv/countersign/data/keys/seal.p12'"));
    assert.equal(text, 'Sealing failed with an internal error; the service log has the details.');
    assert.equal(sealingFailureText('a thrown string'), text);
  });
});
