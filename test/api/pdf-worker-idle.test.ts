import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { callChild, startChildServer, type ChildServer } from '../support/child-server.js';
import { runCli } from '../support/cli-runner.js';
import { envelopeRequest } from '../support/envelopes.js';

/** The PDF workers running now, busy or idle, as GET /metrics reports them. */
const runningWorkers = async (server: ChildServer): Promise<number> => {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return [...text.matchAll(/^countersign_pdf_workers\{state="(?:busy|idle)"\} (\d+)$/gm)].reduce(
    (sum, [, count]) => sum + Number(count),
    0,
  );
};

describe('PDF_WORKER_IDLE_SECONDS (docs/operations/configuration.md)', () => {
  let work: string;
  let server: ChildServer;
  let token: string;

  before(async () => {
    work = await mkdtemp(join(tmpdir(), 'countersign-pdf-idle-'));
    const env = { DATA_DIR: work, LOG_LEVEL: 'warn', PDF_WORKERS: '1', PDF_WORKER_IDLE_SECONDS: '1' };
    const created = await runCli(env, ['account', 'create', '--name', 'Idle', '--email', 'owner@idle.test', '--json']);
    assert.equal(created.code, 0, created.stderr);
    server = await startChildServer(env);
    const login = await callChild(server, 'POST', '/authorization/token', undefined, {
      credentials: JSON.parse(created.stdout).credentials,
    });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    token = login.body.data.access_token;
  });

  after(async () => {
    await server?.stop('SIGTERM');
    await rm(work, { recursive: true, force: true });
  });

  it('lets the server’s PDF worker go once it has waited that long for a task', async () => {
    const created = await callChild(
      server,
      'POST',
      '/envelopes/create',
      token,
      await envelopeRequest({
        document: { name: 'contract.pdf', pages: 1 },
        signers: [{ name: 'Ada Lovelace', email: 'ada@example.test' }],
      }),
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(await runningWorkers(server), 1, 'the envelope’s PDF was read by a worker that is still there');
    let running = 1;
    for (let waited = 0; running > 0 && waited < 10_000; waited += 100) {
      await sleep(100);
      running = await runningWorkers(server);
    }
    assert.equal(running, 0, 'no PDF worker is left after a second and more without a task');
  });
});
