import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import { markCompleted, pastDue } from '../support/mark-completed.js';
import { assertError } from '../support/test-server.js';

describeOnEachDatabase('GET /account/statistics (docs/api/account.md)', (server) => {
  after(() => server.service.worker.drain());

  const statistics = async (token: string) => {
    const response = await server.call('GET', '/api/v2.0/account/statistics', { token });
    assert.equal(response.status, 200);
    return response.body.data;
  };
  const setEnvelope = (envelopeId: string, columns: { status?: string; created_at?: string; completed_at?: string; deleted_at?: string }) =>
    server.service.ctx.db.updateTable('envelopes').set(columns).where('id', '=', envelopeId).execute();

  it('answers zeros and a null average for a new account', async () => {
    const { accessToken } = await server.newAccount();
    assert.deepEqual(await statistics(accessToken), {
      total: 0,
      by_status: { Sent: 0, InProgress: 0, Correcting: 0, Completed: 0, Declined: 0, Cancelled: 0, Expired: 0 },
      this_month: { created: 0, completed: 0 },
      average_completion_seconds: null,
    });
  });

  it('counts by effective status, leaves deleted envelopes out, and averages the completion time', async () => {
    const { accessToken } = await server.newAccount();
    const now = server.clock.now().getTime();
    const ids = [];
    for (let i = 0; i < 7; i++) ids.push((await createEnvelope(server, accessToken)).envelope_id);
    const [, expired, completedFast, completedSlow, cancelled, deleted, correcting] = ids as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    await pastDue(server, expired);
    await markCompleted(server, completedFast);
    await markCompleted(server, completedSlow);
    await setEnvelope(completedFast, { completed_at: new Date(now + 100_000).toISOString() });
    await setEnvelope(completedSlow, { completed_at: new Date(now + 300_000).toISOString() });
    await setEnvelope(cancelled, { status: 'Cancelled' });
    await setEnvelope(correcting, { status: 'Correcting' });
    await setEnvelope(deleted, {
      status: 'Completed',
      completed_at: new Date(now + 900_000).toISOString(),
      deleted_at: new Date(now).toISOString(),
    });
    // Another account's envelopes are not counted.
    await createEnvelope(server, (await server.newAccount()).accessToken);

    const data = await statistics(accessToken);
    assert.equal(data.total, 6);
    assert.deepEqual(data.by_status, { Sent: 1, InProgress: 0, Correcting: 1, Completed: 2, Declined: 0, Cancelled: 1, Expired: 1 });
    assert.deepEqual(data.this_month, { created: 6, completed: 2 });
    assert.ok(Math.abs(data.average_completion_seconds - 200) <= 1, `average ${data.average_completion_seconds}`);
  });

  it('counts this month by creation and completion in the current UTC calendar month only', async () => {
    const { accessToken } = await server.newAccount();
    const now = server.clock.now();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15)).toISOString();
    const old = (await createEnvelope(server, accessToken)).envelope_id;
    await createEnvelope(server, accessToken);
    await markCompleted(server, old);
    await setEnvelope(old, { created_at: lastMonth, completed_at: lastMonth });
    const data = await statistics(accessToken);
    assert.equal(data.total, 2);
    assert.deepEqual(data.this_month, { created: 1, completed: 0 });
    assert.equal(data.average_completion_seconds, 0);
  });

  it('answers 401 INVALID_ACCESS_TOKEN without a token', async () => {
    assertError(await server.call('GET', '/api/v2.0/account/statistics'), 401, 'INVALID_ACCESS_TOKEN');
  });
});
