import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { markCompleted, pastDue } from '../../support/mark-completed.js';
import { assertError, type TestServer } from '../../support/test-server.js';

describeOnEachDatabase('GET /envelopes/{envelopeId}/details and /history (docs/concepts/envelopes.md)', (server) => {
  let owner: Awaited<ReturnType<TestServer['newAccount']>>;
  let ownerUser: { name: string; email: string };
  before(async () => {
    owner = await server.newAccount();
    ownerUser = await server.service.ctx.db
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', owner.user_id)
      .executeTakeFirstOrThrow();
  });
  after(() => server.service.worker.drain());

  it('describes the envelope, its documents and its recipients split into signers and observers', async () => {
    const created = await createEnvelope(server, owner.accessToken, {
      flow: 'Sequential',
      envelope: { description: 'Q4 deal', tags: ['sales', 'q4'] },
    });
    const response = await server.call('GET', `/api/v2.0/envelopes/${created.envelope_id}/details`, { token: owner.accessToken });
    assert.equal(response.status, 200);
    const data = response.body.data;
    assert.equal(data.envelope_id, created.envelope_id);
    assert.equal(data.name, 'Sales agreement');
    assert.equal(data.description, 'Q4 deal');
    assert.deepEqual(data.tags, ['sales', 'q4']);
    assert.equal(data.status, 'Sent');
    assert.equal(data.sign_process_flow, 'Sequential');
    assert.deepEqual(data.created_by, ownerUser);
    assert.equal(data.expiration_days, 30);
    assert.equal(data.email_reminders, false);
    assert.equal(data.completed_at, null);
    assert.equal(data.documents.length, 1);
    assert.equal(data.documents[0].document_id, created.documents[0]!.document_id);
    assert.equal(data.documents[0].pages, 2);
    assert.match(data.documents[0].sha256, /^[0-9a-f]{64}$/);
    assert.deepEqual(
      data.recipients.signers.map((s: { email: string; signing_order: number; status: string }) => [s.email, s.signing_order, s.status]),
      [
        ['ada@example.test', 1, 'Sent'],
        ['grace@example.test', 2, 'Waiting'],
      ],
    );
    assert.equal(data.recipients.signers[0].name, 'Ada Lovelace');
    assert.ok(data.recipients.signers[0].sent_at);
    assert.equal(data.recipients.signers[1].sent_at, null);
    assert.deepEqual(
      data.recipients.observers.map((o: { name: string; email: string }) => [o.name, o.email]),
      [['Alan Turing', 'alan@example.test']],
    );
  });

  it('reads Expired once the due instant has passed, before any job has run', async () => {
    const created = await createEnvelope(server, owner.accessToken);
    await pastDue(server, created.envelope_id);
    const response = await server.call('GET', `/api/v2.0/envelopes/${created.envelope_id}/details`, { token: owner.accessToken });
    assert.equal(response.body.data.status, 'Expired');
  });

  it('leaves the certificate of completion out of the documents of a Completed envelope', async () => {
    const created = await createEnvelope(server, owner.accessToken);
    await markCompleted(server, created.envelope_id);
    const { data } = (await server.call('GET', `/api/v2.0/envelopes/${created.envelope_id}/details`, { token: owner.accessToken })).body;
    assert.equal(data.status, 'Completed');
    assert.ok(data.completed_at);
    assert.deepEqual(
      data.documents.map((d: { document_id: string }) => d.document_id),
      [created.documents[0]!.document_id],
    );
    assert.deepEqual(
      data.recipients.signers.map((s: { status: string }) => s.status),
      ['Signed', 'Signed'],
    );
  });

  it('lists the history oldest first, with the actor split into first and last name', async () => {
    const created = await createEnvelope(server, owner.accessToken);
    await server.service.worker.drain(); // the invitations are sent, so the update is the last entry
    await server.call('POST', `/api/v2.0/envelopes/${created.envelope_id}/update_envelope_metadata`, {
      token: owner.accessToken,
      body: { name: 'Renamed' },
    });
    const response = await server.call('GET', `/api/v2.0/envelopes/${created.envelope_id}/history`, { token: owner.accessToken });
    assert.equal(response.status, 200);
    assert.equal(response.body.data.envelope_id, created.envelope_id);
    assert.equal(response.body.data.name, 'Renamed');
    const history = response.body.data.history;
    assert.equal(history[0].activity_type, 'ENVELOPE_CREATED');
    assert.equal(history.at(-1).activity_type, 'METADATA_UPDATED');
    const times = history.map((h: { performed_at: string }) => h.performed_at);
    assert.deepEqual(times, [...times].sort());
    // The owner is named "Acme Test" (the account's name): split at the first space.
    assert.equal(ownerUser.name, 'Acme Test');
    assert.deepEqual(history[0].performed_by, { first_name: 'Acme', last_name: 'Test', email: ownerUser.email });
    assert.match(history[0].description, /Sales agreement/);
  });

  for (const operation of ['details', 'history']) {
    it(`answers 404 ENVELOPE_NOT_FOUND on ${operation} for an unknown id and for another account's envelope`, async () => {
      const created = await createEnvelope(server, owner.accessToken);
      const stranger = await server.newAccount();
      for (const id of ['env_unknown', created.envelope_id]) {
        const response = await server.call('GET', `/api/v2.0/envelopes/${id}/${operation}`, { token: stranger.accessToken });
        assertError(response, 404, 'ENVELOPE_NOT_FOUND');
      }
    });
  }

  it('answers 401 INVALID_ACCESS_TOKEN without a token', async () => {
    assertError(await server.call('GET', '/api/v2.0/envelopes/env_x/details'), 401, 'INVALID_ACCESS_TOKEN');
  });
});
