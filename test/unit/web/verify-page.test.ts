import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { summarizeVerdict } from '../../../web/src/verify/file-verdict.js';
import { envelopeIdFromPath } from '../../../web/src/verify/verify-api.js';

const checks = [{ name: 'Signature', ok: true, detail: 'ok' }];

describe('summarizeVerdict', () => {
  it('calls a matching file with a valid seal authentic and names the document', () => {
    const summary = summarizeVerdict({ match: true, document_name: 'NDA.pdf', seal: { valid: true, checks } });
    assert.equal(summary.kind, 'authentic');
    assert.match(summary.body, /NDA\.pdf/);
  });

  it('tells a validly sealed file of another envelope apart from a tampered one', () => {
    assert.equal(summarizeVerdict({ match: false, document_name: null, seal: { valid: true, checks } }).kind, 'not-this-envelope');
    assert.equal(summarizeVerdict({ match: false, document_name: null, seal: { valid: false, checks } }).kind, 'invalid');
    assert.equal(summarizeVerdict({ match: true, document_name: 'NDA.pdf', seal: { valid: false, checks } }).kind, 'invalid');
  });
});

describe('envelopeIdFromPath', () => {
  it('reads the envelope id from /verify/{envelope_id}', () => {
    assert.equal(envelopeIdFromPath('/verify/env_123'), 'env_123');
    assert.equal(envelopeIdFromPath('/verify/'), null);
  });
});
