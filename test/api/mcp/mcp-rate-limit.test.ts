import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import { postMcp, toolCallMessage } from './mcp-client.js';

const PER_MINUTE = 6;

describeOnEachDatabase(
  'MCP: rate limits (docs/api/limits.md) as for the API, a tool call counted once',
  (server) => {
    it("counts each tool call once against the API client's budget, which the API shares, then answers 429 RATE_LIMITED", async () => {
      const { accessToken: token } = await server.newAccount();
      const { envelope_id } = await createEnvelope(server, token);
      const remaining: string[] = [];
      for (let call = 0; call < PER_MINUTE - 1; call++) {
        const answer = await postMcp(server, toolCallMessage('get_envelope', { envelope_id }), token);
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        assert.equal(answer.body.result.isError, undefined, JSON.stringify(answer.body.result));
        assert.equal(answer.body.result.structuredContent.envelope_id, envelope_id);
        remaining.push(answer.headers.get('ratelimit-remaining') ?? '');
      }
      // The creation took one request of the minute's six; each tool call one more, its API operation none.
      assert.deepEqual(remaining, ['4', '3', '2', '1', '0']);
      const limited = await postMcp(server, toolCallMessage('get_envelope', { envelope_id }), token);
      assertError(limited, 429, 'RATE_LIMITED');
      assert.ok(Number(limited.headers.get('retry-after')) > 0);
      assertError(await server.call('GET', '/api/v2.0/account', { token }), 429, 'RATE_LIMITED');
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) } },
);
