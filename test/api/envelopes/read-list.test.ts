import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { markCompleted, pastDue } from '../../support/mark-completed.js';

interface Summary {
  envelope_id: string;
  name: string;
  status: string;
  created_at: string;
  signing_due_date: string;
  recipients_count: number;
  signed_count: number;
}

describeOnEachDatabase('POST /envelopes/list (docs/concepts/envelopes.md)', (server) => {
  let token: string;
  const ids: Record<string, string> = {};

  const create = async (key: string, envelope: Record<string, unknown>, signers?: { name: string; email: string }[]) => {
    ids[key] = (await createEnvelope(server, token, { envelope, ...(signers ? { signers } : {}) })).envelope_id;
    server.clock.advanceSeconds(1);
  };
  const list = (body: unknown, as = token) => server.call('POST', '/api/v2.0/envelopes/list', { token: as, body });
  const names = async (body: unknown) => ((await list(body)).body.data.envelopes as Summary[]).map((e) => e.name);

  before(async () => {
    token = (await server.newAccount()).accessToken;
    await create('alpha', { name: 'Alpha lease', tags: ['lease', 'Q4'] });
    await create('beta', { name: 'Beta NDA', tags: ['nda'] }, [{ name: 'Bob Beta', email: 'bob@beta.test' }]);
    await create('gamma', { name: 'Gamma 100%_done', tags: ['lease', 'say "hi"'] });
    await create('delta', { name: 'delta lease', tags: ['x"lease'] });
    await markCompleted(server, ids.beta!);
    await pastDue(server, ids.gamma!);
    // Another account's envelopes never show up.
    const stranger = (await server.newAccount()).accessToken;
    await createEnvelope(server, stranger, { envelope: { name: 'Alpha of a stranger', tags: ['lease'] } });
  });
  after(() => server.service.worker.drain());

  it('lists the account’s envelopes newest first by default, with counts, page, page_size and total', async () => {
    const response = await list({});
    assert.equal(response.status, 200);
    const { envelopes, page, page_size, total } = response.body.data;
    assert.deepEqual([page, page_size, total], [1, 20, 4]);
    assert.deepEqual(
      envelopes.map((e: Summary) => e.name),
      ['delta lease', 'Gamma 100%_done', 'Beta NDA', 'Alpha lease'],
    );
    const alpha = envelopes.find((e: Summary) => e.envelope_id === ids.alpha);
    assert.deepEqual([alpha.status, alpha.recipients_count, alpha.signed_count], ['Sent', 3, 0]);
    const beta = envelopes.find((e: Summary) => e.envelope_id === ids.beta);
    assert.deepEqual([beta.status, beta.recipients_count, beta.signed_count], ['Completed', 2, 1]);
    assert.ok(alpha.created_at && alpha.signing_due_date);
  });

  it('filters by effective status: an envelope past its due date is Expired', async () => {
    assert.deepEqual(await names({ filters: { status: ['Expired'] } }), ['Gamma 100%_done']);
    assert.deepEqual(await names({ filters: { status: ['Sent', 'Completed'] } }), ['delta lease', 'Beta NDA', 'Alpha lease']);
  });

  it('filters by a case-insensitive part of the name, taking % and _ literally', async () => {
    assert.deepEqual(await names({ filters: { name_contains: 'LEASE' } }), ['delta lease', 'Alpha lease']);
    assert.deepEqual(await names({ filters: { name_contains: '100%_' } }), ['Gamma 100%_done']);
    assert.deepEqual(await names({ filters: { name_contains: '_' } }), ['Gamma 100%_done']);
  });

  it('filters by tags: an envelope must carry every given tag, quotes included, whole tags only', async () => {
    assert.deepEqual(await names({ filters: { tags: ['lease'] } }), ['Gamma 100%_done', 'Alpha lease']);
    assert.deepEqual(await names({ filters: { tags: ['lease', 'q4'] } }), ['Alpha lease']);
    assert.deepEqual(await names({ filters: { tags: ['say "hi"'] } }), ['Gamma 100%_done']);
    assert.deepEqual(await names({ filters: { tags: ['x"lease'] } }), ['delta lease']);
    assert.deepEqual(await names({ filters: { tags: ['leas'] } }), []);
  });

  it('filters by recipient e-mail (any letter case), template and creation time', async () => {
    assert.deepEqual(await names({ filters: { recipient_email: 'BOB@beta.test' } }), ['Beta NDA']);
    assert.deepEqual(await names({ filters: { recipient_email: 'alan@example.test', name_contains: 'alpha' } }), ['Alpha lease']);
    assert.deepEqual(await names({ filters: { template_id: 'tpl_none' } }), []);
    const { envelopes } = (await list({ sort: { field: 'created_at', order: 'asc' } })).body.data;
    const from = envelopes[1].created_at;
    const to = envelopes[2].created_at;
    assert.deepEqual(await names({ filters: { created_from: from, created_to: to } }), ['Gamma 100%_done', 'Beta NDA']);
  });

  it('sorts by name, status or creation time, ascending or descending', async () => {
    assert.deepEqual(await names({ sort: { field: 'name', order: 'asc' } }), ['Alpha lease', 'Beta NDA', 'delta lease', 'Gamma 100%_done']);
    assert.deepEqual(await names({ sort: { field: 'created_at', order: 'asc' } }), [
      'Alpha lease',
      'Beta NDA',
      'Gamma 100%_done',
      'delta lease',
    ]);
    const byStatus = ((await list({ sort: { field: 'status', order: 'asc' } })).body.data.envelopes as Summary[]).map((e) => e.status);
    assert.deepEqual(byStatus, ['Completed', 'Expired', 'Sent', 'Sent']);
  });

  it('pages through the results', async () => {
    const first = (await list({ page: 1, page_size: 3, sort: { field: 'name', order: 'asc' } })).body.data;
    const second = (await list({ page: 2, page_size: 3, sort: { field: 'name', order: 'asc' } })).body.data;
    assert.deepEqual(
      [first.envelopes.length, second.envelopes.length, first.total, second.total, second.page, second.page_size],
      [3, 1, 4, 4, 2, 3],
    );
    assert.equal(second.envelopes[0].name, 'Gamma 100%_done');
    assert.deepEqual((await list({ page: 9 })).body.data.envelopes, []);
  });

  for (const body of [{ page: 0 }, { page_size: 0 }, { page_size: 101 }, { page: -1, page_size: 500 }]) {
    it(`rejects ${JSON.stringify(body)} with 400 INVALID_PAGINATION`, async () => {
      const response = await list(body);
      assert.equal(response.status, 400);
      assert.ok(response.body.errors.length >= 1);
      for (const error of response.body.errors) assert.equal(error.error_code, 'INVALID_PAGINATION');
    });
  }

  it('rejects an unknown status, sort field or filter with 400', async () => {
    const response = await list({ filters: { status: ['Lost'], colour: 'red' }, sort: { field: 'size' } });
    assert.equal(response.status, 400);
    const fields = response.body.errors.map((e: { field: string }) => e.field).sort();
    assert.deepEqual(fields, ['filters.colour', 'filters.status[0]', 'sort.field']);
  });

  it('leaves deleted envelopes out', async () => {
    const { envelope_id } = await createEnvelope(server, token, { envelope: { name: 'Soon deleted' } });
    await server.service.ctx.db
      .updateTable('envelopes')
      .set({ deleted_at: server.clock.now().toISOString() })
      .where('id', '=', envelope_id)
      .execute();
    assert.deepEqual(await names({ filters: { name_contains: 'soon' } }), []);
  });
});
