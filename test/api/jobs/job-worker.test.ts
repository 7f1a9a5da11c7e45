import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { enqueueJob } from '../../../src/app/outbox.js';
import { jobHandlers, type JobHandlers } from '../../../src/app/jobs/handlers.js';
import { claimDueJobs, retryDelayMs, runJob, startJobWorker } from '../../../src/infra/jobs/job-worker.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';

describe('retryDelayMs', () => {
  it('doubles from 5 s after each failure and stops at 30 minutes', () => {
    assert.deepEqual([1, 2, 3, 4].map(retryDelayMs), [5_000, 10_000, 20_000, 40_000]);
    assert.equal(retryDelayMs(20), 30 * 60_000);
  });
});

const failingOnce = (): { handlers: JobHandlers; calls: () => number } => {
  let calls = 0;
  const handlers: JobHandlers = {
    ...jobHandlers,
    'send-cancellation': async () => {
      calls += 1;
      if (calls === 1) throw new Error('SMTP is down');
    },
  };
  return { handlers, calls: () => calls };
};

describeOnEachDatabase('The job worker', (server) => {
  // These tests drive claiming and running by hand.
  before(() => server.service.worker.stop());

  const jobOf = async (envelopeId: string) =>
    server.service.ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'send-cancellation')
      .where('payload', '=', JSON.stringify({ envelopeId }))
      .executeTakeFirstOrThrow();

  it('reschedules a job whose handler throws with back-off, and runs it again once due', async () => {
    const { ctx } = server.service;
    await enqueueJob(ctx, ctx.db, 'send-cancellation', { envelopeId: 'env_retry' });
    const { handlers, calls } = failingOnce();
    const [job] = (await claimDueJobs(ctx)).filter((j) => j.kind === 'send-cancellation');
    await runJob(ctx, handlers, job!);

    const failed = await jobOf('env_retry');
    assert.equal(failed.attempts, 1);
    assert.equal(failed.last_error, 'SMTP is down');
    assert.equal(failed.done_at, null);
    assert.equal(failed.run_at, new Date(ctx.clock.now().getTime() + 5_000).toISOString());
    assert.equal(
      (await claimDueJobs(ctx)).some((j) => j.id === failed.id),
      false,
    );

    server.clock.advanceSeconds(5);
    const [again] = (await claimDueJobs(ctx)).filter((j) => j.id === failed.id);
    await runJob(ctx, handlers, again!);
    assert.equal(calls(), 2);
    assert.notEqual((await jobOf('env_retry')).done_at, null);
  });

  it('picks up again a job left locked by a worker that crashed, once its lease has run out', async () => {
    const { ctx } = server.service;
    await enqueueJob(ctx, ctx.db, 'send-cancellation', { envelopeId: 'env_crash' });
    const claimed = (await claimDueJobs(ctx)).find((j) => j.kind === 'send-cancellation');
    assert.ok(claimed);
    assert.equal(
      (await claimDueJobs(ctx)).some((j) => j.id === claimed.id),
      false,
      'a leased job is not claimed twice',
    );

    server.clock.advanceSeconds(61);
    const reclaimed = await claimDueJobs(ctx);
    assert.equal(
      reclaimed.some((j) => j.id === claimed.id),
      true,
    );
  });

  it('renews the lease of a job while it runs, so no other worker claims a long one', async () => {
    const { ctx } = server.service;
    await enqueueJob(ctx, ctx.db, 'send-cancellation', { envelopeId: 'env_long' });
    const job = (await claimDueJobs(ctx)).find((j) => j.kind === 'send-cancellation')!;
    let claimedByOther: boolean | undefined;
    const handlers: JobHandlers = {
      ...jobHandlers,
      'send-cancellation': async () => {
        server.clock.advanceSeconds(50);
        // Past the first lease's end by the injected clock; the renewal (every 20 ms here) moved it on.
        await new Promise((resolve) => setTimeout(resolve, 200));
        server.clock.advanceSeconds(20);
        claimedByOther = (await claimDueJobs(ctx)).some((j) => j.id === job.id);
      },
    };
    await runJob(ctx, handlers, job, 20);
    assert.equal(claimedByOther, false);
    const done = await ctx.db.selectFrom('jobs').select(['done_at', 'locked_until']).where('id', '=', job.id).executeTakeFirstOrThrow();
    assert.notEqual(done.done_at, null);
    assert.equal(done.locked_until, null);
  });

  it('runs jobs of different envelopes side by side and jobs of one envelope in order', async () => {
    const { ctx } = server.service;
    const started: string[] = [];
    const finished: string[] = [];
    let releaseFirst!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => (releaseFirst = resolve));
    const handlers: JobHandlers = {
      ...jobHandlers,
      'send-cancellation': async (_ctx, { envelopeId }) => {
        started.push(envelopeId);
        // The first envelope's job waits until the other envelope's job has started: only side by side can both finish.
        if (envelopeId === 'env_side_a') await firstMayFinish;
        if (envelopeId === 'env_side_b') releaseFirst();
        finished.push(envelopeId);
      },
      'send-decline-notice': async (_ctx, { envelopeId }) => {
        started.push(`${envelopeId}:decline`);
        finished.push(`${envelopeId}:decline`);
      },
    };
    await enqueueJob(ctx, ctx.db, 'send-cancellation', { envelopeId: 'env_side_a' });
    await enqueueJob(ctx, ctx.db, 'send-decline-notice', { envelopeId: 'env_side_a' });
    await enqueueJob(ctx, ctx.db, 'send-cancellation', { envelopeId: 'env_side_b' });
    const worker = startJobWorker(ctx, handlers, { pollMs: 60_000 });
    await worker.drain();
    await worker.stop();

    assert.deepEqual(finished, ['env_side_b', 'env_side_a', 'env_side_a:decline']);
    assert.ok(started.indexOf('env_side_a:decline') > finished.indexOf('env_side_a'), 'the decline notice waited for the cancellation');
  });

  it('starts each job of a batch on its own turn of the event loop, so a request arriving meanwhile is not held back by all of them', async () => {
    const { ctx } = server.service;
    const events: string[] = [];
    const handlers: JobHandlers = {
      ...jobHandlers,
      'send-cancellation': async (_ctx, { envelopeId }) => {
        // What arrives while the first job runs (a request, here an immediate) is served before the next job starts.
        if (events.length === 0) setImmediate(() => events.push('request'));
        events.push(envelopeId);
      },
    };
    for (const name of ['env_turn_a', 'env_turn_b', 'env_turn_c']) await enqueueJob(ctx, ctx.db, 'send-cancellation', { envelopeId: name });
    const worker = startJobWorker(ctx, handlers, { pollMs: 60_000 });
    await worker.drain();
    await worker.stop();

    assert.deepEqual(events, ['env_turn_a', 'request', 'env_turn_b', 'env_turn_c']);
  });
});

describeOnEachDatabase('Recurring maintenance (purge-uploads job)', (server) => {
  const pendingMaintenance = () =>
    server.service.ctx.db.selectFrom('jobs').select('run_at').where('kind', '=', 'purge-uploads').where('done_at', 'is', null).execute();

  it('keeps exactly one clean-up scheduled, an hour after the last run', async () => {
    await server.service.worker.drain();
    const pending = await pendingMaintenance();
    assert.equal(pending.length, 1);
    assert.equal(pending[0]!.run_at, new Date(server.clock.now().getTime() + 3600_000).toISOString());
  });

  it('purges expired idempotency keys and unused uploads older than a day, and keeps recent ones', async () => {
    const { ctx } = server.service;
    const account = await server.newAccount();
    const longAgo = new Date(server.clock.now().getTime() - 25 * 3600_000).toISOString();
    const recently = server.clock.now().toISOString();
    const key = (idempotency_key: string, created_at: string) => ({
      account_id: account.account_id,
      idempotency_key,
      request_hash: 'x',
      state: 'done' as const,
      response_status: 201,
      response_body: '{}',
      created_at,
    });
    await ctx.db
      .insertInto('idempotency_keys')
      .values([key('old', longAgo), key('new', recently)])
      .execute();
    const upload = (id: string, created_at: string) => ({
      id,
      account_id: account.account_id,
      scope: 'envelope' as const,
      name: 'a.pdf',
      size: 1,
      pages: '[]',
      sha256: 'ab',
      created_at,
      used_at: null,
    });
    await ctx.db
      .insertInto('uploads')
      .values([upload('file_old', longAgo), upload('file_new', recently)])
      .execute();

    server.clock.advanceSeconds(3600);
    await server.service.worker.drain();
    const keys = await ctx.db
      .selectFrom('idempotency_keys')
      .select('idempotency_key')
      .where('account_id', '=', account.account_id)
      .execute();
    assert.deepEqual(
      keys.map((k) => k.idempotency_key),
      ['new'],
    );
    const uploads = await ctx.db.selectFrom('uploads').select('id').where('account_id', '=', account.account_id).execute();
    assert.deepEqual(
      uploads.map((u) => u.id),
      ['file_new'],
    );
    assert.equal((await pendingMaintenance()).length, 1);
  });
});
