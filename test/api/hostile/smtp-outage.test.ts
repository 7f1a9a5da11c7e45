import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { testDatabases } from '../../support/databases.js';
import { createEnvelope } from '../../support/envelopes.js';
import { recipientOf, startSmtpSink, type SmtpSink } from '../../support/smtp-sink.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const HOUR_MS = 3_600_000;
/** src/infra/mail/mailer.ts: how long a server that accepts connections and says nothing is waited for. */
const GREETING_TIMEOUT_MS = 10_000;

interface HistoryEntry {
  performed_at: string;
  activity_type: string;
  description: string;
}

const logLines = (server: TestServer) =>
  server
    .loggedText()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { level: number; msg: string });

for (const database of testDatabases) {
  describe(`SMTP server down (docs/operations/scaling.md) on ${database}`, () => {
    let sink: SmtpSink;
    let proxy: TcpProxy;
    let server: TestServer;
    let token: string;
    let credentials: unknown;

    before(async () => {
      sink = await startSmtpSink();
      const { port } = new URL(sink.url);
      proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(port) });
      server = await startTestServer(database, { SMTP_URL: `smtp://${proxy.host}:${proxy.port}` }, { captureLog: true });
    });
    // An access token lasts an hour of the test clock, which each test moves on.
    beforeEach(async () => {
      const account = await server.newAccount();
      ({ accessToken: token, credentials } = account);
    });
    after(async () => {
      await server?.close();
      await proxy?.close();
      await sink?.close();
    });

    /** The jobs that failed and wait for their next attempt. */
    const failedJobs = () =>
      server.service.ctx.db
        .selectFrom('jobs')
        .select(['kind', 'attempts', 'run_at'])
        .where('done_at', 'is', null)
        .where('last_error', 'is not', null)
        .orderBy('run_at')
        .execute();

    /** Moves the test clock to the next failed job's attempt and runs it, until `until` (or nothing waits). */
    const retryUntil = async (until: number) => {
      for (;;) {
        const [next] = await failedJobs();
        if (!next || Date.parse(next.run_at) > until) return;
        server.clock.set(new Date(next.run_at));
        await server.service.worker.drain();
      }
    };

    const history = async (envelopeId: string): Promise<HistoryEntry[]> => {
      const login = await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials } });
      const response = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/history`, { token: login.body.data.access_token });
      assert.equal(response.status, 200);
      return response.body.data.history;
    };

    /** Every mail the sink received, as "recipient subject", sorted: a mail received twice shows twice. */
    const received = () => sink.messages.map((mail) => `${recipientOf(mail)} ${mail.subject}`).sort();

    it('delivers every invitation and reminder exactly once when the server accepts connections again after an hour of refusing them, and the history shows each delay', async () => {
      sink.clear();
      await proxy.cut('refuse');
      const outageStart = server.clock.now().getTime();
      const first = await createEnvelope(server, token, { flow: 'Parallel', envelope: { name: 'Lease A' } });
      const second = await createEnvelope(server, token, { flow: 'Parallel', envelope: { name: 'Lease B' } });
      await server.service.worker.drain();
      const remind = await server.call('POST', `/api/v2.0/envelopes/${first.envelope_id}/remind_signer`, {
        token,
        body: { signer_email: 'grace@example.test' },
      });
      assert.equal(remind.status, 200, JSON.stringify(remind.body));
      await server.service.worker.drain();

      await retryUntil(outageStart + HOUR_MS);
      assert.deepEqual(received(), [], 'nothing reached the mail server while it refused connections');
      const waiting = await failedJobs();
      assert.deepEqual(waiting.map((j) => j.kind).sort(), [...Array(6).fill('send-invitation'), 'send-reminder']);
      // 5 s, 10 s, 20 s … 1280 s, then 30 min: nine or ten attempts in an hour, none given up.
      assert.ok(
        waiting.every((j) => j.attempts >= 9),
        JSON.stringify(waiting),
      );

      await proxy.restore();
      await retryUntil(Math.max(...waiting.map((j) => Date.parse(j.run_at))));
      await sink.waitForCount(7, 10_000);
      await sleep(500);
      assert.deepEqual(await failedJobs(), [], 'every mail went through');
      assert.deepEqual(
        received(),
        [
          'ada@example.test Acme Test sent you "Lease A" to sign',
          'ada@example.test Acme Test sent you "Lease B" to sign',
          'alan@example.test For your information: "Lease A" from Acme Test',
          'alan@example.test For your information: "Lease B" from Acme Test',
          'grace@example.test Acme Test sent you "Lease A" to sign',
          'grace@example.test Acme Test sent you "Lease B" to sign',
          'grace@example.test Reminder: "Lease A" is waiting for your signature',
        ].sort(),
      );

      const entries = await history(first.envelope_id);
      const about = (text: string) => entries.filter((e) => e.description.includes(text));
      const delays = about('The invitation to Grace Hopper <grace@example.test> did not leave');
      assert.ok(delays.length >= 9, `${delays.length} delays recorded`);
      assert.ok(
        delays.every(
          (e) =>
            e.activity_type === 'MAIL_DELAYED' &&
            e.description ===
              'The invitation to Grace Hopper <grace@example.test> did not leave: the mail server could not be reached. It is sent again later.',
        ),
      );
      const times = delays.map((e) => Date.parse(e.performed_at));
      const gaps = times.slice(1).map((t, i) => (t - times[i]!) / 1000);
      assert.deepEqual(gaps.slice(0, 8), [5, 10, 20, 40, 80, 160, 320, 640], 'attempts back off: the history shows each delay');
      // The delivery that went through is the last invitation of Grace, after her every delay.
      const invitations = entries.filter((e) => e.activity_type === 'INVITATION_SENT' && e.description.includes('Grace Hopper'));
      assert.equal(invitations.length, delays.length + 1);
      assert.ok(Date.parse(invitations.at(-1)!.performed_at) - times[0]! >= HOUR_MS, 'delivered more than an hour after the first attempt');
      assert.ok(about('The reminder to Grace Hopper <grace@example.test> did not leave').length >= 9);
      assert.ok((await history(second.envelope_id)).some((e) => e.activity_type === 'MAIL_DELAYED'));
    });

    it('gives up on a server that accepts connections but never answers after 10 s, retries, and delivers once it answers', async () => {
      sink.clear();
      await proxy.cut('hold');
      const created = await createEnvelope(server, token, { flow: 'Parallel', envelope: { name: 'Lease C' } });
      const started = performance.now();
      await server.service.worker.drain();
      const waited = performance.now() - started;
      assert.ok(waited >= GREETING_TIMEOUT_MS - 1_000 && waited < GREETING_TIMEOUT_MS + 5_000, `the worker waited ${waited.toFixed(0)} ms`);
      const waiting = await failedJobs();
      assert.deepEqual(
        waiting.map((j) => `${j.kind} ${j.attempts}`),
        Array(3).fill('send-invitation 1'),
      );
      const delays = (await history(created.envelope_id)).filter((e) => e.activity_type === 'MAIL_DELAYED');
      assert.equal(delays.length, 3);
      assert.ok(
        delays.every((e) => e.description.endsWith('did not leave: the mail server did not answer in time. It is sent again later.')),
      );

      await proxy.restore();
      await retryUntil(Math.max(...waiting.map((j) => Date.parse(j.run_at))));
      await sink.waitForCount(3, 10_000);
      await sleep(500);
      assert.deepEqual(received(), [
        'ada@example.test Acme Test sent you "Lease C" to sign',
        'alan@example.test For your information: "Lease C" from Acme Test',
        'grace@example.test Acme Test sent you "Lease C" to sign',
      ]);
    });

    it('logs each failed attempt as a warning, never an error', () => {
      const lines = logLines(server);
      assert.deepEqual(
        lines.filter((l) => l.level >= 50).map((l) => l.msg),
        [],
      );
      assert.ok(lines.some((l) => l.level === 40 && l.msg === 'Job failed; retrying later'));
    });
  });
}
