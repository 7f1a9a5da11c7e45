import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { insertJob } from '../../src/infra/db/tables/jobs-table.js';
import { describeOnEachDatabase } from '../support/api-suite.js';
import { createEnvelope, envelopeRequest } from '../support/envelopes.js';
import { readRouteTable } from '../support/route-table.js';
import { startSmsReceiver } from '../support/sms-receiver.js';
import type { TestServer } from '../support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { signBody, tokenFor, waitForCompletion } from './signing/signing-helpers.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Prometheus' text exposition format, read line by line as a scraper does (comments and blank lines skipped). */
const parseExposition = (text: string): Sample[] =>
  text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = SAMPLE.exec(line);
      assert.ok(match, `not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map(([, name, value]) => [name!, value!]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });

interface Scrape {
  status: number;
  contentType: string;
  text: string;
  samples: Sample[];
  /** The sum of the samples of `name` whose labels include `labels`; undefined when there is none. */
  value(name: string, labels?: Record<string, string>): number | undefined;
}

/** GET /metrics over HTTP, as Prometheus asks for it: no app_auth_type, at most a bearer token. */
const scrape = async (server: TestServer, headers: Record<string, string> = {}): Promise<Scrape> => {
  const response = await fetch(`${server.url}/metrics`, { headers });
  const text = await response.text();
  const samples = response.status === 200 ? parseExposition(text) : [];
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text,
    samples,
    value: (name, labels = {}) => {
      const matching = samples.filter(
        (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
      );
      return matching.length ? matching.reduce((sum, sample) => sum + sample.value, 0) : undefined;
    },
  };
};

/** How much a series moved between two scrapes (a series absent from the first counts from 0). */
const moved = (before: Scrape, now: Scrape, name: string, labels?: Record<string, string>): number =>
  (now.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);

// Started before the suites are declared: their servers' SMS_URL names its port.
const smsHook = await startSmsReceiver();
after(() => smsHook.server.close());

describeOnEachDatabase(
  'GET /metrics: the Prometheus scrape',
  (server, sink) => {
    let receiver: WebhookReceiver;
    let token: string;
    before(async () => {
      receiver = await startWebhookReceiver();
      token = (await server.newAccount()).accessToken;
    });
    after(() => receiver.close());

    it('answers the text format without any credential while METRICS_TOKEN is unset, listed as a public route', async () => {
      const answer = await scrape(server);
      assert.equal(answer.status, 200, answer.text);
      assert.match(answer.contentType, /^text\/plain; version=0\.0\.4/);
      const route = (await readRouteTable(server)).find((r) => r.method === 'GET' && r.path === '/metrics');
      assert.ok(route, '/metrics is routed');
      assert.equal(route.access, 'public');
      assert.ok(route.documented, '/metrics is in the OpenAPI document');
      assert.deepEqual(route.security, []);
    });

    it('counts envelopes created and completed, seals, mails and webhook deliveries by exactly what happened', async () => {
      const hook = await server.call('POST', '/api/v2.0/webhooks', {
        token,
        body: { url: `${receiver.url}/counted`, events: ['envelope.sent', 'envelope.completed'] },
      });
      assert.equal(hook.status, 201, JSON.stringify(hook.body));
      await server.service.worker.drain();
      const mailsBefore = sink.messages.length;
      const first = await scrape(server);

      const completed = await createEnvelope(server, token);
      await createEnvelope(server, token);
      await createEnvelope(server, token);
      for (const signer of completed.recipients.signers) {
        const signingToken = await tokenFor(server, completed.envelope_id, signer.recipient_id);
        assert.equal((await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() })).status, 200);
      }
      assert.equal((await waitForCompletion(server, completed.envelope_id)).status, 'Completed');
      await server.service.worker.drain();
      const second = await scrape(server);

      assert.equal(moved(first, second, 'countersign_envelopes_created_total'), 3);
      assert.equal(moved(first, second, 'countersign_envelopes_completed_total'), 1);
      assert.equal(moved(first, second, 'countersign_seal_duration_seconds_count', { outcome: 'sealed' }), 1);
      assert.equal(moved(first, second, 'countersign_seal_duration_seconds_count', { outcome: 'failed' }), 0);
      assert.ok(moved(first, second, 'countersign_seal_duration_seconds_sum', { outcome: 'sealed' }) > 0, 'a seal takes time');

      const delivered = receiver.received('/counted');
      assert.deepEqual(delivered.map((d) => d.body.type).sort(), ['envelope.completed', 'envelope.sent', 'envelope.sent', 'envelope.sent']);
      assert.equal(moved(first, second, 'countersign_webhook_deliveries_total', { outcome: 'delivered' }), delivered.length);
      assert.equal(moved(first, second, 'countersign_webhook_deliveries_total', { outcome: 'failed' }), 0);

      const mailsSent = moved(first, second, 'countersign_mail_sends_total', { outcome: 'sent' });
      assert.ok(mailsSent >= 9, `invitations and completion mails: ${mailsSent}`);
      await sink.waitForCount(mailsBefore + mailsSent);
      assert.equal(sink.messages.length - mailsBefore, mailsSent, 'each counted mail reached the mail server, and no other');
      assert.equal(moved(first, second, 'countersign_mail_sends_total', { outcome: 'failed' }), 0);
      assert.equal(second.value('countersign_sms_sends_total', { outcome: 'sent' }), 0);
    });

    it('counts each SMS handed to the provider', async () => {
      const account = await server.newAccount('enterprise');
      const body = await envelopeRequest({
        signers: [
          {
            name: 'Ada Lovelace',
            email: 'ada@example.test',
            fields: [{ type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40 }],
            authentication: { method: 'sms' },
            country_code: 49,
            phone_number: '0151 2345 6789',
          },
        ],
      });
      const created = await server.call('POST', '/api/v2.0/envelopes/create', { token: account.accessToken, body });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const signingToken = await tokenFor(server, created.body.data.envelope_id, created.body.data.recipients.signers[0].recipient_id);
      const first = await scrape(server);
      const received = smsHook.received.length;
      const sent = await server.call('POST', `/api/v2.0/signing/${signingToken}/send_code`, { noAppAuthType: true });
      assert.ok(sent.status < 300, JSON.stringify(sent.body));
      await server.service.worker.drain();
      const second = await scrape(server);
      assert.equal(smsHook.received.length - received, 1);
      assert.equal(moved(first, second, 'countersign_sms_sends_total', { outcome: 'sent' }), 1);
      assert.equal(moved(first, second, 'countersign_sms_sends_total', { outcome: 'failed' }), 0);
    });

    it('labels each request with its route pattern and status, never with the requested path', async () => {
      const envelope = await createEnvelope(server, token);
      const secret = 'cs_no_such_token_0123456789';
      const first = await scrape(server);
      assert.equal((await server.call('GET', `/api/v2.0/envelopes/${envelope.envelope_id}/details`, { token })).status, 200);
      // A variant prefix is the same route.
      assert.equal((await server.call('GET', `/v2.0/envelopes/${envelope.envelope_id}/details`, { token })).status, 200);
      assert.equal((await server.call('GET', `/api/v2.0/envelopes/env_unknown/details`, { token })).status, 404);
      assert.equal((await server.call('GET', `/no/such/route/${secret}`)).status, 404);
      const second = await scrape(server);

      const details = { method: 'GET', route: '/api/v2.0/envelopes/:envelopeId/details' };
      const requests = 'countersign_http_request_duration_seconds_count';
      assert.equal(moved(first, second, requests, { ...details, status_code: '200' }), 2);
      assert.equal(moved(first, second, requests, { ...details, status_code: '404' }), 1);
      assert.equal(moved(first, second, requests, { route: 'unmatched', status_code: '404' }), 1);
      assert.equal(
        moved(first, second, 'countersign_http_request_duration_seconds_bucket', { ...details, status_code: '200', le: '+Inf' }),
        2,
      );
      assert.ok(!second.text.includes(envelope.envelope_id), 'no envelope id in any label');
      assert.ok(!second.text.includes(secret), 'no requested path in any label');
      assert.ok(!second.text.includes(token), 'no token in any label');
      const routes = new Set(second.samples.filter((s) => s.name === requests).map((s) => s.labels.route!));
      assert.ok(routes.has('/metrics'), 'the scrape itself is counted');
      for (const route of routes) assert.ok(route === 'unmatched' || route.startsWith('/'), route);
    });

    it('reports the PDF workers, the database pool, memory and event-loop lag', async () => {
      const answer = await scrape(server);
      assert.equal(answer.value('countersign_pdf_workers_max'), server.service.ctx.config.pdfWorkers);
      assert.notEqual(answer.value('countersign_pdf_workers', { state: 'busy' }), undefined);
      assert.notEqual(answer.value('countersign_pdf_workers', { state: 'idle' }), undefined);
      assert.equal(answer.value('countersign_pdf_tasks_queued'), 0);
      const utilization = answer.value('countersign_pdf_workers_utilization_ratio');
      assert.ok(utilization !== undefined && utilization >= 0 && utilization <= 1, String(utilization));
      if (server.database === 'postgres') {
        assert.equal(answer.value('countersign_db_pool_connections_max'), 10);
        const open = answer.value('countersign_db_pool_connections') ?? 0;
        assert.ok(open >= 1 && open <= 10, `open connections: ${open}`);
        assert.equal(answer.value('countersign_db_pool_waiting_queries'), 0);
      } else {
        assert.equal(answer.value('countersign_db_pool_connections'), undefined, 'SQLite has no pool');
      }
      assert.ok((answer.value('process_resident_memory_bytes') ?? 0) > 10_000_000);
      assert.ok((answer.value('nodejs_heap_size_used_bytes') ?? 0) > 0);
      assert.notEqual(answer.value('nodejs_eventloop_lag_seconds'), undefined);
      assert.notEqual(answer.value('nodejs_eventloop_lag_p99_seconds'), undefined);
    });

    it('reports the job queue by kind when scraped: jobs due and unfinished, and how long the oldest has been due', async () => {
      // The worker stops, so that the jobs below stay queued; nothing else in this suite runs jobs after this.
      await server.service.worker.stop();
      const now = server.clock.now();
      const job = (id: string, kind: string, dueSecondsAgo: number) =>
        insertJob(server.service.ctx.db, {
          id,
          kind,
          payload: { recipientId: 'rcp_none' },
          runAt: new Date(now.getTime() - dueSecondsAgo * 1000).toISOString(),
          attempts: 0,
          lockedUntil: null,
          lastError: null,
          createdAt: now.toISOString(),
          doneAt: null,
        });
      await job('job_metrics_1', 'send-invitation', 90);
      await job('job_metrics_2', 'send-invitation', 30);
      await job('job_metrics_3', 'deliver-webhook', 5);
      // Due in an hour: scheduled, not queued.
      await job('job_metrics_4', 'send-reminder', -3600);
      const answer = await scrape(server);
      assert.equal(answer.value('countersign_job_queue_depth', { kind: 'send-invitation' }), 2);
      assert.equal(answer.value('countersign_job_queue_oldest_age_seconds', { kind: 'send-invitation' }), 90);
      assert.equal(answer.value('countersign_job_queue_depth', { kind: 'deliver-webhook' }), 1);
      assert.equal(answer.value('countersign_job_queue_oldest_age_seconds', { kind: 'deliver-webhook' }), 5);
      assert.equal(answer.value('countersign_job_queue_depth', { kind: 'send-reminder' }), undefined);
      server.clock.advanceSeconds(60);
      assert.equal((await scrape(server)).value('countersign_job_queue_oldest_age_seconds', { kind: 'send-invitation' }), 150);
    });
  },
  { smtpSink: true, env: { WEBHOOK_ALLOW_PRIVATE: 'true', SMS_URL: `${smsHook.url}/sms` } },
);

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const PER_ADDRESS = 5;

describeOnEachDatabase(
  'GET /metrics with METRICS_TOKEN set',
  (server) => {
    const refused = {
      message: 'The metrics token is missing or wrong: send METRICS_TOKEN as a bearer token.',
      errors: [
        {
          error_code: 'INVALID_ACCESS_TOKEN',
          developer_message: 'The metrics token is missing or wrong: send METRICS_TOKEN as a bearer token.',
        },
      ],
    };

    it('answers 401 INVALID_ACCESS_TOKEN without the token, with a wrong one, and with an API access token', async () => {
      const apiToken = (await server.newAccount()).accessToken;
      const attempts: Record<string, string>[] = [
        {},
        { authorization: 'Bearer metrics-token-0123456789abcdeX' },
        { authorization: `Bearer ${METRICS_TOKEN}x` },
        { authorization: `Basic ${Buffer.from(`user:${METRICS_TOKEN}`).toString('base64')}` },
        { authorization: `Bearer ${apiToken}`, app_auth_type: 'esign-oauth2' },
      ];
      for (const headers of attempts) {
        const response = await fetch(`${server.url}/metrics`, { headers });
        assert.equal(response.status, 401, JSON.stringify(headers));
        assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
        assert.deepEqual(await response.json(), refused);
        assert.ok(response.headers.get('x-request-id'));
      }
    });

    it('answers 200 with the token as a bearer token, and says so in the route table and the OpenAPI document', async () => {
      const answer = await scrape(server, { authorization: `Bearer ${METRICS_TOKEN}` });
      assert.equal(answer.status, 200, answer.text);
      assert.ok((answer.value('countersign_envelopes_created_total') ?? -1) >= 0);
      const route = (await readRouteTable(server)).find((r) => r.method === 'GET' && r.path === '/metrics');
      assert.equal(route?.access, 'metrics-token');
      assert.deepEqual(route?.security, [{ metricsToken: [] }]);
    });

    it('counts no scrape against the per-address limit, refused ones included, while other public routes reach it', async () => {
      for (let i = 0; i < PER_ADDRESS * 4; i++) {
        assert.equal((await scrape(server, { authorization: `Bearer ${METRICS_TOKEN}` })).status, 200, `scrape ${i + 1}`);
        assert.equal((await scrape(server, { authorization: 'Bearer wrong' })).status, 401, `refused scrape ${i + 1}`);
      }
      // The limit is in force: a public route of the API spends the same address's budget.
      const statuses: number[] = [];
      for (let i = 0; i <= PER_ADDRESS; i++)
        statuses.push((await server.call('GET', '/api/v2.0/ledger/head', { noAppAuthType: true })).status);
      assert.equal(statuses.at(-1), 429, statuses.join(','));
      assert.equal((await scrape(server, { authorization: `Bearer ${METRICS_TOKEN}` })).status, 200, 'still scraped once limited');
    });
  },
  { env: { METRICS_TOKEN, RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: String(PER_ADDRESS) } },
);
