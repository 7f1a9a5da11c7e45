import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalUrl } from '../../../src/http/server.js';

describe('variant prefixes and aliases (docs/api/conventions.md)', () => {
  const cases: [string, string][] = [
    ['/api/v2.0/envelopes/env_1/details', '/api/v2.0/envelopes/env_1/details'],
    ['/v2.0/envelopes/env_1/delete', '/api/v2.0/envelopes/env_1/delete'],
    ['/api/2.0/envelopes/env_1/retrieve_metadata', '/api/v2.0/envelopes/env_1/retrieve_metadata'],
    ['/apiv2.0/envelopes/env_1/decline', '/api/v2.0/envelopes/env_1/decline'],
    ['/v2.0/envelope/create', '/api/v2.0/envelopes/create'],
    ['/api/v2.0/template/create?x=1', '/api/v2.0/templates/create?x=1'],
    ['/api/v2.0/templates/list?page=1', '/api/v2.0/templates/list?page=1'],
    ['/v2.0x/envelopes', '/v2.0x/envelopes'],
    ['/healthz', '/healthz'],
  ];
  for (const [given, expected] of cases) {
    it(`routes ${given} to ${expected}`, () => assert.equal(canonicalUrl(given), expected));
  }
});
