import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { runBulkSend } from '../../../src/app/bulk-sends/run-bulk-send.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { assertError } from '../../support/test-server.js';
import { secretsThatVerify, startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver.js';
import { createNdaTemplate, envelopesOf, getBulkSend, ndaRows, postBulkSend } from './bulk-send-requests.js';

const PAUSE_MS = 60_000;

describeOnEachDatabase(
  'Bulk sends as background jobs: batches, cancel, bulk_send.completed (docs/api/bulk-sending.md)',
  (server) => {
    let receiver: WebhookReceiver;
    let token: string;
    let templateId: string;
    let secret: string;
    before(async () => {
      receiver = await startWebhookReceiver();
      token = (await server.newAccount('enterprise')).accessToken;
      templateId = (await createNdaTemplate(server, token)).template_id;
      const webhook = await server.call('POST', '/api/v2.0/webhooks', {
        token,
        body: { url: `${receiver.url}/bulk`, events: ['bulk_send.completed'] },
      });
      assert.equal(webhook.status, 201, JSON.stringify(webhook.body));
      secret = webhook.body.data.secret;
    });
    after(() => receiver.close());

    /** Runs what is due; the next batch waits for the pause, measured on the test clock, which only the test moves. */
    const settle = () => server.service.worker.drain();
    const nextBatch = async () => {
      server.clock.advance(PAUSE_MS);
      await settle();
    };
    const state = async (id: string) => (await getBulkSend(server, token, id)).body.data;
    const eventsOf = (id: string) => receiver.received('/bulk').filter((delivery) => delivery.body.data.bulk_send_id === id);

    it('creates the rows a batch at a time, and sends bulk_send.completed once when the last row is done', async () => {
      const posted = await postBulkSend(server, token, { template_id: templateId, rows: ndaRows(7) });
      assert.equal(posted.status, 202, JSON.stringify(posted.body));
      const id = posted.body.data.bulk_send_id;
      await settle();
      assert.deepEqual([(await state(id)).status, (await state(id)).created, (await state(id)).pending], ['running', 3, 4]);
      // The first batch's job run again (a crash after its work, before its end): the send is at the next step, so it does nothing.
      await runBulkSend(server.service.ctx, { bulkSendId: id, step: 0 });
      assert.equal((await state(id)).created, 3);
      await nextBatch();
      assert.equal((await state(id)).created, 6);
      await nextBatch();
      const done = await state(id);
      assert.deepEqual([done.status, done.created, done.pending], ['completed', 7, 0]);
      await settle();
      const [event, ...more] = eventsOf(id);
      assert.equal(more.length, 0);
      assert.equal(event!.body.type, 'bulk_send.completed');
      assert.deepEqual(secretsThatVerify(event!, [secret]), [secret]);
      assert.deepEqual(event!.body.data, {
        bulk_send_id: id,
        template_id: templateId,
        status: 'completed',
        total: 7,
        created: 7,
        failed: 0,
        cancelled: 0,
        created_at: posted.body.data.created_at,
        completed_at: done.completed_at,
      });
      // A late rerun of an old step (after a crash, say) finds the send over and does nothing.
      await runBulkSend(server.service.ctx, { bulkSendId: id, step: 0 });
      await settle();
      assert.equal((await envelopesOf(server, id)).length, 7);
      assert.equal(eventsOf(id).length, 1);
    });

    it('creates each row once when runners with no lock in common take the same batch at once', async () => {
      const id = (await postBulkSend(server, token, { template_id: templateId, rows: ndaRows(3) })).body.data.bulk_send_id;
      // Copies of the context stand for other processes: the batch lock is per process, the rows' guard is the database's.
      const others = [{ ...server.service.ctx }, { ...server.service.ctx }];
      await Promise.all([settle(), ...others.map((ctx) => runBulkSend(ctx, { bulkSendId: id, step: 0 }))]);
      await settle();
      const done = await state(id);
      assert.deepEqual([done.status, done.created], ['completed', 3]);
      const envelopes = await envelopesOf(server, id);
      assert.deepEqual(envelopes.map((envelope) => envelope.name).sort(), ['NDA 1', 'NDA 2', 'NDA 3']);
      assert.equal(eventsOf(id).length, 1);
    });

    it('cancels mid-way: the rows not yet created end cancelled, no envelope is created after, and bulk_send.completed says cancelled', async () => {
      const posted = await postBulkSend(server, token, { template_id: templateId, rows: ndaRows(10) });
      const id = posted.body.data.bulk_send_id;
      await settle();
      assert.equal((await state(id)).created, 3);

      const cancelled = await server.call('POST', `/api/v2.0/bulk_sends/${id}/cancel`, { token });
      assert.equal(cancelled.status, 200, JSON.stringify(cancelled.body));
      assert.equal(cancelled.body.message, 'Bulk send cancelled.');
      const data = cancelled.body.data;
      assert.deepEqual([data.status, data.created, data.pending, data.cancelled, data.failed], ['cancelled', 3, 0, 7, 0]);
      assert.ok(data.cancelled_at);
      assert.equal(data.completed_at, data.cancelled_at);

      await nextBatch();
      await nextBatch();
      assert.equal((await envelopesOf(server, id)).length, 3);
      assert.equal((await state(id)).status, 'cancelled');
      await settle();
      const events = eventsOf(id);
      assert.equal(events.length, 1);
      assert.deepEqual([events[0]!.body.data.status, events[0]!.body.data.created, events[0]!.body.data.cancelled], ['cancelled', 3, 7]);
      const again = await server.call('POST', `/api/v2.0/bulk_sends/${id}/cancel`, { token });
      assert.match(assertError(again, 409, 'BULK_SEND_NOT_CANCELLABLE').developer_message, /is cancelled/);
    });

    it('cancels a send before its first batch ran: nothing created', async () => {
      const posted = await postBulkSend(server, token, { template_id: templateId, rows: ndaRows(2) });
      const id = posted.body.data.bulk_send_id;
      // The worker may already have claimed the first batch; whatever it created stays, the rest is cancelled.
      const cancelled = await server.call('POST', `/api/v2.0/bulk_sends/${id}/cancel`, { token });
      assert.equal(cancelled.status, 200);
      await settle();
      const final = await state(id);
      assert.equal(final.status, 'cancelled');
      assert.equal(final.created + final.cancelled, 2);
      assert.equal((await envelopesOf(server, id)).length, final.created);
    });

    it('fails the rows left with TEMPLATE_INACTIVE when the template is deactivated mid-send', async () => {
      const template = (await createNdaTemplate(server, token, { name: 'Soon inactive' })).template_id;
      const id = (await postBulkSend(server, token, { template_id: template, rows: ndaRows(5) })).body.data.bulk_send_id;
      await settle();
      assert.equal((await state(id)).created, 3);
      const deactivated = await server.call('PUT', `/api/v2.0/templates/${template}/action/deactivate`, { token });
      assert.equal(deactivated.status, 200);
      await nextBatch();
      const done = await state(id);
      assert.deepEqual([done.status, done.created, done.failed], ['completed', 3, 2]);
      assert.deepEqual(
        done.errors.map((e: { row: number; error_code: string }) => [e.row, e.error_code]),
        [
          [4, 'TEMPLATE_INACTIVE'],
          [5, 'TEMPLATE_INACTIVE'],
        ],
      );
    });

    it('fails a row with ENVELOPE_QUOTA_EXCEEDED when other envelopes used up the quota meanwhile', async () => {
      const free = (await server.newAccount('free')).accessToken;
      const template = (await createNdaTemplate(server, free)).template_id;
      const id = (await postBulkSend(server, free, { template_id: template, rows: ndaRows(5) })).body.data.bulk_send_id;
      await settle();
      // 25 a month: 3 rows created, 21 envelopes made by hand leave 1.
      for (let i = 0; i < 21; i += 1) {
        const created = await server.call('POST', '/api/v2.0/envelopes/create_with_template', {
          token: free,
          body: { template_id: template, envelope: { name: `By hand ${i}` }, recipients: ndaRows(1)[0]!.recipients },
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
      }
      await nextBatch();
      const done = (await getBulkSend(server, free, id)).body.data;
      assert.deepEqual([done.status, done.created, done.failed], ['completed', 4, 1]);
      assert.deepEqual([done.errors[0].row, done.errors[0].error_code], [5, 'ENVELOPE_QUOTA_EXCEEDED']);
    });
  },
  { env: { BULK_SEND_BATCH_ROWS: '3', BULK_SEND_PAUSE_MS: String(PAUSE_MS), WEBHOOK_ALLOW_PRIVATE: 'true' } },
);
