import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { rowCount } from '../../support/row-count.js';
import { assertError } from '../../support/test-server.js';
import { createNdaTemplate, envelopesOf, getBulkSend, ndaRow, ndaRows, postBulkSend, untilFinished } from './bulk-send-requests.js';

describeOnEachDatabase('POST /bulk_sends with JSON rows (docs/api/bulk-sending.md)', (server) => {
  let token: string;
  let templateId: string;
  let finished: { bulk_send_id: string; created: number };
  before(async () => {
    token = (await server.newAccount('enterprise')).accessToken;
    templateId = (await createNdaTemplate(server, token)).template_id;
  });

  it('creates 49 envelopes of 50 rows and reports the bad row by its 1-based number', async () => {
    const rows = ndaRows(50);
    rows[16] = ndaRow(17, { clientEmail: 'not-an-address' });
    const response = await postBulkSend(server, token, { template_id: templateId, envelope: { expiration_days: 7 }, rows });
    assert.equal(response.status, 202, JSON.stringify(response.body));
    assert.equal(response.body.message, 'Bulk send queued.');
    const queued = response.body.data;
    assert.match(queued.bulk_send_id, /^bulk_/);
    assert.deepEqual([queued.template_id, queued.status, queued.total, queued.failed, queued.pending], [templateId, 'queued', 50, 1, 49]);
    assert.deepEqual(queued.errors, [
      {
        row: 17,
        error_code: 'INVALID_FIELD',
        developer_message: '"rows[16].recipients.signers[0].email" must be a valid email.',
        field: 'rows[16].recipients.signers[0].email',
      },
    ]);

    const done = await untilFinished(server, token, queued.bulk_send_id);
    assert.deepEqual([done.status, done.total, done.created, done.failed, done.pending, done.cancelled], ['completed', 50, 49, 1, 0, 0]);
    assert.ok(done.completed_at);
    assert.equal(done.cancelled_at, null);
    assert.deepEqual(done.errors, queued.errors);
    const envelopes = await envelopesOf(server, queued.bulk_send_id);
    assert.equal(envelopes.length, 49);
    assert.ok(envelopes.every((envelope) => envelope.template_id === templateId && envelope.expiration_days === 7));
    assert.equal(
      envelopes.some((envelope) => envelope.name === 'NDA 17'),
      false,
    );
    finished = { bulk_send_id: queued.bulk_send_id, created: 49 };
  });

  it("gives each envelope its row's name, metadata, recipients and form field defaults, and the send's id in its details", async () => {
    const envelope = (await envelopesOf(server, finished.bulk_send_id)).find((e) => e.name === 'NDA 18')!;
    const details = await server.call('GET', `/api/v2.0/envelopes/${envelope.id}/details`, { token });
    assert.equal(details.status, 200, JSON.stringify(details.body));
    assert.equal(details.body.data.bulk_send_id, finished.bulk_send_id);
    assert.deepEqual(
      details.body.data.recipients.signers.map((s: { email: string; signer_title: string }) => [s.signer_title, s.email]),
      [
        ['Client', 'client-18@example.test'],
        ['Provider', 'grace@example.test'],
      ],
    );
    const metadata = await server.call('GET', `/api/v2.0/envelopes/${envelope.id}/retrieve_metadata`, { token });
    assert.deepEqual(metadata.body.data.metadata, { customer: 'C-18' });
    const company = await server.service.ctx.db
      .selectFrom('fields')
      .select(['default_value', 'editable'])
      .where('envelope_id', '=', envelope.id)
      .where('placeholder', '=', 'company')
      .executeTakeFirstOrThrow();
    assert.deepEqual([company.default_value, company.editable], ['Company 18', 0]);
  });

  it('answers bulk_send_id null in the details of an envelope of no send', async () => {
    const created = await server.call('POST', '/api/v2.0/envelopes/create_with_template', {
      token,
      body: { template_id: templateId, envelope: { name: 'Alone' }, recipients: ndaRow(1).recipients },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const details = await server.call('GET', `/api/v2.0/envelopes/${created.body.data.envelope_id}/details`, { token });
    assert.equal(details.body.data.bulk_send_id, null);
  });

  it("lists a send's envelopes with the filter bulk_send_id, paged, alone or with other filters", async () => {
    const list = (filters: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      server.call('POST', '/api/v2.0/envelopes/list', { token, body: { filters, ...extra } });
    const page = await list({ bulk_send_id: finished.bulk_send_id }, { page: 2, page_size: 20, sort: { field: 'name', order: 'asc' } });
    assert.equal(page.status, 200, JSON.stringify(page.body));
    assert.equal(page.body.data.total, 49);
    assert.equal(page.body.data.envelopes.length, 20);
    const all = await list({ bulk_send_id: finished.bulk_send_id }, { page_size: 100 });
    assert.equal(new Set(all.body.data.envelopes.map((e: { envelope_id: string }) => e.envelope_id)).size, 49);
    const byName = await list({ bulk_send_id: finished.bulk_send_id, name_contains: 'NDA 2' });
    assert.equal(byName.body.data.total, 11);
    const byRecipient = await list({ bulk_send_id: finished.bulk_send_id, recipient_email: 'client-3@example.test' });
    assert.deepEqual(
      byRecipient.body.data.envelopes.map((e: { name: string }) => e.name),
      ['NDA 3'],
    );
    const none = await list({ bulk_send_id: 'bulk_unknown' });
    assert.equal(none.body.data.total, 0);
  });

  it('lists the account’s bulk sends newest first, paginated, without their errors', async () => {
    const response = await server.call('GET', '/api/v2.0/bulk_sends?page=1&page_size=1', { token });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    assert.equal(response.body.message, 'Bulk sends.');
    assert.deepEqual([response.body.data.page, response.body.data.page_size, response.body.data.total], [1, 1, 1]);
    const [first] = response.body.data.bulk_sends;
    assert.deepEqual([first.bulk_send_id, first.status, first.created, first.failed], [finished.bulk_send_id, 'completed', 49, 1]);
    assert.equal('errors' in first, false);
    assertError(await server.call('GET', '/api/v2.0/bulk_sends?page_size=101', { token }), 400, 'INVALID_PAGINATION');
  });

  it('creates nothing with all_or_nothing when a row is invalid: 400 BULK_ROWS_INVALID with every row’s problems', async () => {
    const [sends, envelopes] = [await rowCount(server, 'bulk_sends'), await rowCount(server, 'envelopes')];
    const rows = ndaRows(50);
    rows[2] = ndaRow(3, { clientEmail: 'nope' });
    rows[40] = { ...ndaRow(41), recipients: { signers: [{ ...ndaRow(41).recipients.signers[0]!, signer_title: 'Landlord' }] } };
    const response = await postBulkSend(server, token, { template_id: templateId, rows, all_or_nothing: true });
    const error = assertError(response, 400, 'BULK_ROWS_INVALID');
    assert.equal(error.developer_message, '2 of 50 rows are invalid and all_or_nothing is set: nothing was created.');
    assert.deepEqual(
      response.body.errors.slice(1).map((e: { row: number; error_code: string; field?: string }) => [e.row, e.error_code, e.field]),
      [
        [3, 'INVALID_FIELD', 'rows[2].recipients.signers[0].email'],
        [41, 'SIGNER_TITLE_NOT_FOUND', 'rows[40].recipients.signers[0].signer_title'],
        [41, 'SIGNER_ROLE_MISSING', 'rows[40].recipients.signers'],
        [41, 'SIGNER_ROLE_MISSING', 'rows[40].recipients.signers'],
      ],
    );
    assert.deepEqual([await rowCount(server, 'bulk_sends'), await rowCount(server, 'envelopes')], [sends, envelopes]);
  });

  it('creates nothing when no row is valid, even without all_or_nothing: 400 BULK_ROWS_INVALID', async () => {
    const sends = await rowCount(server, 'bulk_sends');
    const response = await postBulkSend(server, token, { template_id: templateId, rows: [ndaRow(1, { clientEmail: 'x' })] });
    const error = assertError(response, 400, 'BULK_ROWS_INVALID');
    assert.equal(error.developer_message, 'No row of the 1 is valid: nothing was created.');
    assert.equal(response.body.errors[1].row, 1);
    assert.equal(await rowCount(server, 'bulk_sends'), sends);
  });

  it('answers 400 TOO_MANY_ROWS for 10,001 rows (and for none) and stores nothing', async () => {
    const sends = await rowCount(server, 'bulk_sends');
    const row = ndaRow(1);
    const response = await postBulkSend(server, token, { template_id: templateId, rows: Array.from({ length: 10_001 }, () => row) });
    const error = assertError(response, 400, 'TOO_MANY_ROWS');
    assert.equal(error.field, 'rows');
    assert.equal(response.body.errors.length, 1);
    assert.equal(await rowCount(server, 'bulk_sends'), sends);
  });

  it("refuses the request's own mistakes whole, with the rows' own: template, settings, no rows", async () => {
    const missing = await postBulkSend(server, token, { rows: [ndaRow(1, { clientEmail: 'x' })] });
    assertError(missing, 400, 'TEMPLATE_ID_REQUIRED');
    assert.deepEqual(
      missing.body.errors.map((e: { error_code: string; row?: number }) => [e.error_code, e.row]),
      [
        ['TEMPLATE_ID_REQUIRED', undefined],
        ['INVALID_FIELD', 1],
      ],
    );
    assertError(await postBulkSend(server, token, { template_id: templateId, rows: [] }), 400, 'TOO_MANY_ROWS');
    assertError(await postBulkSend(server, token, { template_id: templateId, rows: [ndaRow(1)], extra: 1 }), 400, 'UNKNOWN_FIELD');
    const settings = await postBulkSend(server, token, {
      template_id: templateId,
      envelope: { expiration_days: 5, reminder_period: 9 },
      rows: [ndaRow(1)],
    });
    assert.equal(assertError(settings, 400, 'INVALID_REMINDER_PERIOD').field, 'envelope.reminder_period');
    assertError(await postBulkSend(server, token, { template_id: 'tpl_unknown', rows: [ndaRow(1)] }), 404, 'TEMPLATE_NOT_FOUND');
    const response = await server.call('POST', '/api/v2.0/bulk_sends', {
      token,
      rawBody: 'rows',
      headers: { 'content-type': 'text/plain' },
    });
    assertError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 409 TEMPLATE_INACTIVE for a deactivated template', async () => {
    const inactive = (await createNdaTemplate(server, token, { name: 'Inactive' })).template_id;
    const deactivated = await server.call('PUT', `/api/v2.0/templates/${inactive}/action/deactivate`, { token });
    assert.equal(deactivated.status, 200, JSON.stringify(deactivated.body));
    assertError(await postBulkSend(server, token, { template_id: inactive, rows: [ndaRow(1)] }), 409, 'TEMPLATE_INACTIVE');
  });

  it("answers 404 for another account's send and template, and for an unknown id", async () => {
    const other = (await server.newAccount('enterprise')).accessToken;
    assertError(await getBulkSend(server, other, finished.bulk_send_id), 404, 'BULK_SEND_NOT_FOUND');
    assertError(
      await server.call('POST', `/api/v2.0/bulk_sends/${finished.bulk_send_id}/cancel`, { token: other }),
      404,
      'BULK_SEND_NOT_FOUND',
    );
    assertError(await postBulkSend(server, other, { template_id: templateId, rows: [ndaRow(1)] }), 404, 'TEMPLATE_NOT_FOUND');
    assertError(await getBulkSend(server, token, 'bulk_unknown'), 404, 'BULK_SEND_NOT_FOUND');
    const list = await server.call('GET', '/api/v2.0/bulk_sends', { token: other });
    assert.equal(list.body.data.total, 0);
  });

  it('answers 409 BULK_SEND_NOT_CANCELLABLE for a completed bulk send', async () => {
    const response = await server.call('POST', `/api/v2.0/bulk_sends/${finished.bulk_send_id}/cancel`, { token });
    const error = assertError(response, 409, 'BULK_SEND_NOT_CANCELLABLE');
    assert.match(error.developer_message, /is completed/);
    assert.equal((await envelopesOf(server, finished.bulk_send_id)).length, 49);
  });

  it('replays a send posted again with the same Idempotency-Key instead of starting a second one', async () => {
    const body = { template_id: templateId, rows: ndaRows(2) };
    const first = await postBulkSend(server, token, body, { 'idempotency-key': 'bulk-once' });
    assert.equal(first.status, 202);
    const again = await postBulkSend(server, token, body, { 'idempotency-key': 'bulk-once' });
    assert.equal(again.status, 202);
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.equal(again.body.data.bulk_send_id, first.body.data.bulk_send_id);
    const done = await untilFinished(server, token, first.body.data.bulk_send_id);
    assert.equal(done.created, 2);
  });
});

describeOnEachDatabase('POST /bulk_sends and the monthly quota (docs/api/bulk-sending.md)', (server) => {
  it('answers 403 ENVELOPE_QUOTA_EXCEEDED when the valid rows exceed what is left this month, and creates nothing', async () => {
    const { accessToken: token } = await server.newAccount('free');
    const templateId = (await createNdaTemplate(server, token)).template_id;
    const over = await postBulkSend(server, token, { template_id: templateId, rows: ndaRows(26) });
    const error = assertError(over, 403, 'ENVELOPE_QUOTA_EXCEEDED');
    assert.equal(error.developer_message, 'This send would create 26 envelopes; the plan allows 25 more this month. Nothing was created.');
    assert.deepEqual([await rowCount(server, 'bulk_sends'), await rowCount(server, 'envelopes')], [0, 0]);

    // Invalid rows create nothing, so they take nothing from the quota.
    const rows = [...ndaRows(25), ndaRow(26, { clientEmail: 'nope' })];
    const fits = await postBulkSend(server, token, { template_id: templateId, rows });
    assert.equal(fits.status, 202, JSON.stringify(fits.body));
    const done = await untilFinished(server, token, fits.body.data.bulk_send_id);
    assert.deepEqual([done.created, done.failed], [25, 1]);

    const none = await postBulkSend(server, token, { template_id: templateId, rows: ndaRows(1) });
    assert.equal(assertError(none, 403, 'ENVELOPE_QUOTA_EXCEEDED').developer_message.includes('allows 0 more'), true);
  });
});
