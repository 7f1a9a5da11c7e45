import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactUrl } from '../../../src/infra/logger.js';

describe('redactUrl', () => {
  it('hides the token of a signing link and of a console sign-in link, keeping the rest of the URL', () => {
    assert.equal(redactUrl('/sign/abc123?embed=1'), '/sign/[redacted]?embed=1');
    assert.equal(redactUrl('/api/v2.0/signing/abc123/sign'), '/api/v2.0/signing/[redacted]/sign');
    assert.equal(redactUrl('/console/login/cs_ll_secret'), '/console/login/[redacted]');
    assert.equal(redactUrl('/api/v2.0/console/token'), '/api/v2.0/console/token');
  });
});
