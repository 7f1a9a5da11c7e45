import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchRun } from '../bench-run.js';
import { waitUntilIdle } from '../process-stats.js';
import type { Figure } from '../report.js';
import { median, percentile } from '../statistics.js';
import { TARGETS, ms, reported } from '../targets.js';

const ROWS = 10_000;
/** Interactive readers, each asking again THINK_MS after its answer: a few people at their screens, not a load test. */
const READERS = 4;
const THINK_MS = 20;
const SEND_TIMEOUT_MS = 20 * 60_000;

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** The benchmark template's two roles (request-bodies.ts templateBody), one envelope per row. */
const rowsBody = (templateId: string) => ({
  template_id: templateId,
  rows: Array.from({ length: ROWS }, (_, i) => ({
    recipients: {
      signers: [
        { signer_title: 'Client', name: `Client ${i + 1}`, email: `bulk-client-${i + 1}@example.test` },
        { signer_title: 'Provider', name: 'Provider', email: 'bulk-provider@example.test' },
      ],
    },
    envelope_name: `Bulk NDA ${i + 1}`,
  })),
});

/** Readers of an envelope's details until `stop` resolves: every answer's latency in ms; a failed answer throws. */
const readDetails = async (run: BenchRun, stop: Promise<unknown>): Promise<number[]> => {
  const latencies: number[] = [];
  let stopped = false;
  void stop.finally(() => (stopped = true));
  const url = `${run.client.url}/api/v2.0/envelopes/${run.envelopeId}/details`;
  const reader = async () => {
    while (!stopped) {
      const started = performance.now();
      const response = await fetch(url, { headers: run.client.headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`details answered ${response.status}`);
      latencies.push(performance.now() - started);
      await sleep(THINK_MS);
    }
  };
  await Promise.all(Array.from({ length: READERS }, reader));
  return latencies;
};

const summary = (latencies: number[]) =>
  `p50 ${ms(median(latencies))}, p99 ${ms(percentile(latencies, 99))} (${thousands.format(latencies.length)} reads)`;

interface SendState {
  status: string;
  created: number;
  failed: number;
  created_at: string;
  completed_at: string | null;
}

/**
 * The envelope details as a few interactive readers see them, idle and then during a 10,000-row bulk
 * send (its check of every row, then its batches of rows as background jobs): the send must leave
 * their p99 within 2× the idle one (docs/api/bulk-sending.md "Throttle"). Also the send's rate, from
 * its submission to its last row.
 */
export const bulkSend = async (run: BenchRun): Promise<Figure[]> => {
  await waitUntilIdle(run.server.pid);
  const idle = await readDetails(run, sleep(Math.max(5, run.options.seconds) * 1000));

  const body = rowsBody(run.templateId);
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const during = readDetails(run, finished);
  let send: SendState;
  let acceptedMs: number;
  try {
    const started = performance.now();
    const queued = await run.client.expect(202, 'POST', '/api/v2.0/bulk_sends', body);
    acceptedMs = performance.now() - started;
    const deadline = Date.now() + SEND_TIMEOUT_MS;
    for (;;) {
      await sleep(1000);
      send = (await run.client.expect(200, 'GET', `/api/v2.0/bulk_sends/${String(queued.bulk_send_id)}`)) as unknown as SendState;
      if (send.status === 'completed') break;
      if (Date.now() > deadline) throw new Error(`the send did not finish in ${ms(SEND_TIMEOUT_MS)}: ${send.created} of ${ROWS} created`);
    }
  } finally {
    finish();
  }
  const busy = await during;
  const seconds = (Date.parse(send.completed_at!) - Date.parse(send.created_at)) / 1000;
  const idleP99 = percentile(idle, 99);
  const busyP99 = percentile(busy, 99);
  return [
    {
      name: `GET …/envelopes/{id}/details p99 during a ${thousands.format(ROWS)}-row bulk send (${READERS} readers, ${THINK_MS} ms apart)`,
      database: run.database,
      result: `idle ${summary(idle)}; during ${summary(busy)}: ${(busyP99 / idleP99).toFixed(2)}× the idle p99`,
      target: `≤ ${TARGETS.bulkSendDetailsP99Ratio}× the idle p99`,
      met: busyP99 <= TARGETS.bulkSendDetailsP99Ratio * idleP99,
    },
    reported(
      `bulk send of ${thousands.format(ROWS)} rows (submission → last row created)`,
      run.database,
      `${thousands.format(send.created / seconds)} rows/s: ${thousands.format(send.created)} created, ${send.failed} failed in ${ms(seconds * 1000)}; the submission (every row checked) answered in ${ms(acceptedMs)}`,
    ),
  ];
};
