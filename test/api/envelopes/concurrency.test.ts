import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { envelopeRequest } from '../../support/envelopes.js';

describeOnEachDatabase(
  'concurrent writers',
  (server) => {
    it('creates envelopes in parallel while jobs append to the same ledger, without a 5xx, and keeps the log dense', async () => {
      const account = await server.newAccount();
      const body = await envelopeRequest({ envelope: { expiration_days: 1 } });
      const first = await Promise.all(
        Array.from({ length: 10 }, () => server.call('POST', '/api/v2.0/envelopes/create', { token: account.accessToken, body })),
      );
      // A day later their expiry jobs are due: the worker now writes to the ledger while more envelopes are created.
      server.clock.advanceDays(1);
      const relogin = await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials: account.credentials } });
      const token = relogin.body.data.access_token;
      const [second] = await Promise.all([
        Promise.all(Array.from({ length: 20 }, () => server.call('POST', '/api/v2.0/envelopes/create', { token, body }))),
        server.service.worker.drain(),
      ]);
      await server.service.worker.drain();
      assert.deepEqual(
        [...first, ...second].map((r) => r.status).filter((s) => s !== 201),
        [],
      );

      const blocks = await server.service.ctx.db.selectFrom('ledger_entries').select('block_number').orderBy('block_number').execute();
      assert.deepEqual(
        blocks.map((b) => Number(b.block_number)),
        blocks.map((_, i) => i + 1),
        'block numbers run 1..n without gaps',
      );
      const expired = await server.call('POST', '/api/v2.0/envelopes/list', {
        token,
        body: { filters: { status: ['Expired'] }, page_size: 100 },
      });
      assert.equal(expired.body.data.total, 10);
    });
  },
  { env: { PLAN_QUOTAS: 'starter=unlimited' } },
);
