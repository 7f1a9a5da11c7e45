import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rtfGroupProblem } from '../../../src/infra/convert/rtf-groups.js';
import { makeRtf } from '../../support/document-fixtures.js';

const rtf = (text: string) => Buffer.from(text, 'latin1');

describe('rtfGroupProblem', () => {
  it('passes an RTF document whose outermost group closes, whatever follows it', () => {
    assert.equal(rtfGroupProblem(makeRtf(['Hello', 'World'])), undefined);
    assert.equal(rtfGroupProblem(rtf('{\\rtf1 {\\b bold} text}\r\n\0\0')), undefined);
  });

  it('says how many groups a document cut short leaves open', () => {
    assert.equal(rtfGroupProblem(rtf('{\\rtf1 {\\b bold')), '2 of its groups are never closed');
    const whole = makeRtf(['Hello']);
    assert.equal(rtfGroupProblem(whole.subarray(0, whole.byteLength - 1)), '1 of its groups is never closed');
  });

  it('does not count escaped braces, nor braces inside \\bin data', () => {
    assert.equal(rtfGroupProblem(rtf('{\\rtf1 a \\} b \\{ c}')), undefined);
    assert.equal(rtfGroupProblem(rtf('{\\rtf1 {\\*\\blipuid \\bin4 }}}{} done}')), undefined);
    assert.equal(rtfGroupProblem(rtf('{\\rtf1 \\bin3 {{{')), '1 of its groups is never closed');
  });
});
