import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { Clock } from '../../domain/clock.js';
import type { Db } from '../db/database.js';
import type { PostgresPoolUsage } from '../db/postgres-pool.js';
import { dueJobsByKind } from '../db/tables/jobs-table.js';
import type { PdfPoolUsage } from '../pdf/pdf-pool.js';

/**
 * The service's Prometheus metrics (docs/operations/metrics.md), in a registry of their own: every
 * context has one, so servers started side by side in one process never share a series. Counters
 * and histograms move where the work happens; the queue, pool and worker gauges are read when
 * scraped, so nothing polls between scrapes.
 */
export interface ServiceMetrics {
  /** The Content-Type of `render`'s text. */
  readonly contentType: string;
  /** Every metric in Prometheus' text format, the scrape-time gauges read now. */
  render(): Promise<string>;
  /** Observed once per answered request; `route` is the route's pattern, never the requested path. */
  readonly httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly envelopesCreated: Counter;
  readonly envelopesCompleted: Counter;
  /** One seal of an envelope's documents and certificate: `sealed`, or `failed` (to be retried). */
  readonly sealDuration: Histogram<'outcome'>;
  /** Each delivery attempt: `delivered`, or `failed` (retried later, or given up). */
  readonly webhookDeliveries: Counter<'outcome'>;
  readonly mailSends: Counter<'outcome'>;
  readonly smsSends: Counter<'outcome'>;
}

export interface MetricsSources {
  db: Db;
  clock: Clock;
  logger: Logger;
  pdfUsage(): PdfPoolUsage;
  /** Undefined on SQLite: one writing connection, shared by group commit, and no pool. */
  dbPoolUsage: (() => PostgresPoolUsage) | undefined;
}

/** Every outcome counted from 0, so that a rate has a series to start from before the first event. */
const fromZero = <C extends Counter<'outcome'> | Histogram<'outcome'>>(metric: C, outcomes: string[]): C => {
  for (const outcome of outcomes) {
    if (metric instanceof Counter) metric.inc({ outcome }, 0);
    else metric.zero({ outcome });
  }
  return metric;
};

/** Seals take seconds, minutes with a slow time-stamp authority: the default request buckets stop at 10 s. */
const SEAL_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export const createServiceMetrics = (sources: MetricsSources): ServiceMetrics => {
  const registry = new Registry();
  const registers = [registry];
  // Node's standard names (process_resident_memory_bytes, nodejs_eventloop_lag_seconds, …), which dashboards expect unprefixed.
  collectDefaultMetrics({ register: registry });

  const jobQueueDepth = new Gauge({
    name: 'countersign_job_queue_depth',
    help: 'Background jobs due and not finished (waiting or running), by kind.',
    labelNames: ['kind'],
    registers,
  });
  const jobQueueAge = new Gauge({
    name: 'countersign_job_queue_oldest_age_seconds',
    help: 'How long the oldest due, unfinished job of each kind has been due.',
    labelNames: ['kind'],
    registers,
  });
  const pdfWorkers = new Gauge({
    name: 'countersign_pdf_workers',
    help: 'PDF worker threads running now, busy with a task or idle.',
    labelNames: ['state'],
    registers,
  });
  const pdfWorkersMax = new Gauge({ name: 'countersign_pdf_workers_max', help: 'PDF_WORKERS: the most PDF worker threads.', registers });
  const pdfTasksQueued = new Gauge({ name: 'countersign_pdf_tasks_queued', help: 'PDF tasks waiting for a free worker.', registers });
  const pdfUtilization = new Gauge({
    name: 'countersign_pdf_workers_utilization_ratio',
    help: 'Busy PDF workers over PDF_WORKERS, from 0 to 1.',
    registers,
  });
  const dbPool = sources.dbPoolUsage && {
    usage: sources.dbPoolUsage,
    connections: new Gauge({
      name: 'countersign_db_pool_connections',
      help: 'PostgreSQL connections open in the pool, in use or idle.',
      labelNames: ['state'],
      registers,
    }),
    max: new Gauge({ name: 'countersign_db_pool_connections_max', help: 'The most PostgreSQL connections the pool opens.', registers }),
    waiting: new Gauge({
      name: 'countersign_db_pool_waiting_queries',
      help: 'Queries waiting for a PostgreSQL connection.',
      registers,
    }),
  };
  // A kind once seen is reported at 0 when its queue empties, rather than dropping out of graphs.
  const kindsSeen = new Set<string>();

  const readJobQueue = async () => {
    const now = sources.clock.now();
    let due: Awaited<ReturnType<typeof dueJobsByKind>>;
    try {
      due = await dueJobsByKind(sources.db, now.toISOString());
    } catch (error) {
      // A scrape during an outage still answers, with the process and pool metrics that explain it.
      sources.logger.debug({ err: error }, 'metrics: the job queue could not be read');
      jobQueueDepth.reset();
      jobQueueAge.reset();
      return;
    }
    for (const kind of kindsSeen) {
      jobQueueDepth.set({ kind }, 0);
      jobQueueAge.set({ kind }, 0);
    }
    for (const { kind, count, oldestRunAt } of due) {
      kindsSeen.add(kind);
      jobQueueDepth.set({ kind }, count);
      jobQueueAge.set({ kind }, Math.max(0, (now.getTime() - Date.parse(oldestRunAt)) / 1000));
    }
  };

  const readPools = () => {
    const pdf = sources.pdfUsage();
    pdfWorkers.set({ state: 'busy' }, pdf.busy);
    pdfWorkers.set({ state: 'idle' }, pdf.workers - pdf.busy);
    pdfWorkersMax.set(pdf.maxWorkers);
    pdfTasksQueued.set(pdf.queued);
    pdfUtilization.set(pdf.busy / pdf.maxWorkers);
    if (dbPool) {
      const pool = dbPool.usage();
      dbPool.connections.set({ state: 'in_use' }, pool.open - pool.idle);
      dbPool.connections.set({ state: 'idle' }, pool.idle);
      dbPool.max.set(pool.max);
      dbPool.waiting.set(pool.waiting);
    }
  };

  return {
    contentType: registry.contentType,
    render: async () => {
      readPools();
      await readJobQueue();
      return registry.metrics();
    },
    httpRequestDuration: new Histogram({
      name: 'countersign_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status_code'],
      registers,
    }),
    envelopesCreated: new Counter({ name: 'countersign_envelopes_created_total', help: 'Envelopes created and sent.', registers }),
    envelopesCompleted: new Counter({
      name: 'countersign_envelopes_completed_total',
      help: 'Envelopes sealed and completed.',
      registers,
    }),
    sealDuration: fromZero(
      new Histogram({
        name: 'countersign_seal_duration_seconds',
        help: "Time to seal an envelope's documents and certificate, by outcome (sealed or failed).",
        labelNames: ['outcome'],
        buckets: SEAL_BUCKETS,
        registers,
      }),
      ['sealed', 'failed'],
    ),
    webhookDeliveries: fromZero(
      new Counter({
        name: 'countersign_webhook_deliveries_total',
        help: 'Webhook delivery attempts, by outcome (delivered or failed).',
        labelNames: ['outcome'],
        registers,
      }),
      ['delivered', 'failed'],
    ),
    mailSends: fromZero(
      new Counter({
        name: 'countersign_mail_sends_total',
        help: 'E-mails handed to the mail server (or the outbox), by outcome (sent or failed).',
        labelNames: ['outcome'],
        registers,
      }),
      ['sent', 'failed'],
    ),
    smsSends: fromZero(
      new Counter({
        name: 'countersign_sms_sends_total',
        help: 'SMS handed to the provider (or the outbox), by outcome (sent or failed).',
        labelNames: ['outcome'],
        registers,
      }),
      ['sent', 'failed'],
    ),
  };
};
