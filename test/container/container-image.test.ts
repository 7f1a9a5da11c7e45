// The image as a stranger runs it: the real Dockerfile built unchanged with podman on a stand-in
// for node:20-bookworm-slim (no image registry is reachable here; scripts/container/stand-in-base.sh),
// then run with a named volume on /data and a published port.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { envelopeRequest } from '../support/envelopes.js';
import { podman, run, ULIMITS } from './podman.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const suffix = `${process.pid}-${randomBytes(3).toString('hex')}`;
const image = `localhost/countersign-test:${suffix}`;
const volume = `countersign-test-${suffix}`;
const containers: string[] = [];
const MINUTE = 60_000;

const inspect = async (kind: 'image' | 'container', name: string) =>
  JSON.parse((await podman([kind, 'inspect', name])).stdout)[0] as Record<string, any>;

/** Starts a container of the image on the volume; answers its published URL once /healthz answers. */
const start = async () => {
  const name = `countersign-test-${suffix}-${containers.length + 1}`;
  containers.push(name);
  await podman(['run', '--detach', '--name', name, ...ULIMITS, '--publish', '127.0.0.1::3000', '--volume', `${volume}:/data`, image]);
  const address = (await podman(['port', name, '3000/tcp'])).stdout.trim().split('\n')[0];
  const url = `http://${address}`;
  const deadline = Date.now() + MINUTE;
  for (;;) {
    const answer = await fetch(`${url}/healthz`).catch(() => undefined);
    if (answer?.ok) return { name, url };
    if (Date.now() > deadline) {
      const logs = await podman(['logs', name], { check: false });
      throw new Error(`${name} never answered /healthz:\n${logs.stdout}${logs.stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

const api = async (url: string, method: string, path: string, options: { token?: string; body?: unknown } = {}) => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      app_auth_type: 'esign-oauth2',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
};

const login = async (url: string, credentials: string) => {
  const response = await api(url, 'POST', '/api/v2.0/authorization/token', { body: { credentials } });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.data.access_token as string;
};

/** The user a process runs as, read from the host's /proc (rootful podman maps no user ids). */
const uidOf = (pid: number) => Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
const childrenOf = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

describe('container image', { timeout: 30 * MINUTE }, () => {
  const started = performance.now();
  let first: { name: string; url: string };
  let credentials: string;
  let envelopeId: string;

  after(async () => {
    for (const name of containers) await podman(['rm', '--force', '--time', '0', name], { check: false });
    await podman(['volume', 'rm', '--force', volume], { check: false });
    await podman(['rmi', '--force', image], { check: false });
  });

  it(
    'builds from the Dockerfile unchanged: non-root user, /data volume, port 3000, health check, tini',
    { timeout: 25 * MINUTE },
    async (t) => {
      const base = await run('bash', [`${root}scripts/container/stand-in-base.sh`]);
      t.diagnostic(`stand-in base: ${(base.elapsed / 1000).toFixed(0)} s (${base.stdout.trim().split('\n').at(-1)})`);
      // HEALTHCHECK is part of the Docker image format only (podman's default OCI format drops it);
      // the two stages build side by side, and no intermediate layer is left behind.
      const build = await podman([
        ...['build', '--format', 'docker', '--jobs', '2', '--layers=false', ...ULIMITS],
        ...['--tag', image, '--file', `${root}Dockerfile`, root],
      ]);
      t.diagnostic(`image build: ${(build.elapsed / 1000).toFixed(0)} s`);

      const built = await inspect('image', image);
      const config = built.Config;
      assert.equal(config.User, 'countersign');
      assert.deepEqual(Object.keys(config.Volumes), ['/data']);
      assert.deepEqual(Object.keys(config.ExposedPorts), ['3000/tcp']);
      assert.deepEqual(config.Entrypoint, ['tini', '--']);
      assert.deepEqual(config.Cmd, ['countersign', 'serve']);
      assert.ok(config.Env.includes('DATA_DIR=/data'));
      // `countersign serve` is not `npm start`: the image sets the allocator's arenas itself (docs/operations/scaling.md "Memory").
      assert.ok(config.Env.includes('MALLOC_ARENA_MAX=2'), config.Env.join(' '));
      assert.match(built.Healthcheck.Test.join(' '), /\/healthz/);
      await podman(['volume', 'create', volume]);
    },
  );

  it('answers /healthz, and podman runs its health check as healthy', async () => {
    first = await start();
    assert.deepEqual(await (await fetch(`${first.url}/healthz`)).json(), { status: 'ok' });
    // Without systemd podman schedules no periodic checks; `healthcheck run` runs the image's command once.
    await podman(['healthcheck', 'run', first.name]);
    assert.equal((await inspect('container', first.name)).State.Health.Status, 'healthy');
  });

  it('runs every process of the container as a non-root user', async () => {
    const init = (await inspect('container', first.name)).State.Pid as number;
    const processes = [init, ...childrenOf(init)];
    assert.ok(processes.length >= 2, 'tini and the server');
    for (const pid of processes) assert.notEqual(uidOf(pid), 0, `process ${pid} runs as root`);
    assert.equal((await podman(['exec', first.name, 'id', '-u'])).stdout.trim(), '10001');
  });

  it('prints the first-run setup URL in its log, whose page and scripts the image serves', async () => {
    const logs = await podman(['logs', first.name]);
    const line = /^ {2}setup: {4}http:\/\/localhost:3000(\/setup\/\S+)$/m.exec(logs.stdout + logs.stderr);
    assert.ok(line, `no setup line in the log:\n${logs.stdout}`);
    const page = await fetch(`${first.url}${line[1]}`);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /<meta name="countersign-setup" content="open"/);
    const script = /<script[^>]+src="(\/app\/[^"]+\.js)"/.exec(html);
    assert.ok(script, 'the page loads its script from /app/');
    const asset = await fetch(`${first.url}${script[1]}`);
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get('content-type') ?? '', /javascript/);
  });

  it('creates an account inside the container with the CLI, whose credentials log in over HTTP', async () => {
    const created = await podman([
      'exec',
      first.name,
      'countersign',
      'account',
      'create',
      '--name',
      'Container Test',
      '--email',
      'owner@container.test',
      '--json',
    ]);
    const account = JSON.parse(created.stdout) as { account_id: string; credentials: string };
    assert.match(account.account_id, /\S/);
    credentials = account.credentials;
    assert.match(await login(first.url, credentials), /\S{20,}/);
  });

  it('creates an envelope over HTTP with those credentials', async () => {
    const token = await login(first.url, credentials);
    const created = await api(first.url, 'POST', '/api/v2.0/envelopes/create', { token, body: await envelopeRequest() });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    envelopeId = created.body.data.envelope_id;
    const details = await api(first.url, 'GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token });
    assert.equal(details.status, 200);
    assert.equal(details.body.data.name, 'Sales agreement');
  });

  it('stops within 10 s on podman stop, exiting 0 through SIGTERM', async () => {
    // A grace period longer than the bound: a SIGTERM lost on the way would show as a slow stop, not a kill.
    const stopped = await podman(['stop', '--time', '30', first.name]);
    assert.ok(stopped.elapsed < 10_000, `stop took ${Math.round(stopped.elapsed)} ms`);
    assert.equal((await inspect('container', first.name)).State.ExitCode, 0);
  });

  it('keeps the account and the envelope for a new container on the same volume', async (t) => {
    const second = await start();
    const token = await login(second.url, credentials);
    const details = await api(second.url, 'GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token });
    assert.equal(details.status, 200);
    assert.deepEqual([details.body.data.envelope_id, details.body.data.name], [envelopeId, 'Sales agreement']);
    const logs = await podman(['logs', second.name]);
    assert.doesNotMatch(logs.stdout + logs.stderr, /setup:/, 'no setup URL once an account exists');
    t.diagnostic(`container suite so far: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  });
});
