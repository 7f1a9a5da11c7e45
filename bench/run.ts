// `npm run bench`: throughput of Countersign's routes against a bare Fastify JSON route measured
// in the same run on the same machine (DESIGN.md reports targets as ratios to that baseline).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pino from 'pino';
import { createAccount } from '../src/app/accounts/create-account.js';
import { loadConfig } from '../src/config.js';
import { startService } from '../src/service.js';
import { envelopeRequest } from '../test/support/envelopes.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);

interface Result {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

const measure = async (name: string, options: autocannon.Options): Promise<Result> => {
  const result = await autocannon({ duration: DURATION_S, connections: 100, ...options });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
};

const bareFastify = async () => {
  const app = Fastify();
  app.get('/bare', async () => ({ message: 'ok', data: { hello: 'world' } }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
};

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'countersign-bench-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    PLAN_QUOTAS: 'starter=unlimited',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  });
  const service = await startService(config, { logger: pino({ level: 'silent' }) });
  const bare = await bareFastify();
  try {
    const account = await createAccount(service.ctx, { name: 'Bench', email: 'bench@example.test', plan: 'starter' });
    const login = await fetch(`${service.url}/api/v2.0/authorization/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', app_auth_type: 'esign-oauth2' },
      body: JSON.stringify({ credentials: account.credentials }),
    }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
    const headers = {
      authorization: `Bearer ${login.data.access_token}`,
      app_auth_type: 'esign-oauth2',
      'content-type': 'application/json',
    };
    const created = await fetch(`${service.url}/api/v2.0/envelopes/create`, {
      method: 'POST',
      headers,
      body: JSON.stringify(await envelopeRequest()),
    }).then((r) => r.json() as Promise<{ data: { envelope_id: string } }>);

    const results: Result[] = [];
    results.push(await measure('bare Fastify JSON route', { url: `${bare.url}/bare` }));
    results.push(await measure('GET /api/v2.0/account', { url: `${service.url}/api/v2.0/account`, headers }));
    results.push(
      await measure('GET /api/v2.0/envelopes/{id}/details', {
        url: `${service.url}/api/v2.0/envelopes/${created.data.envelope_id}/details`,
        headers,
      }),
    );
    results.push(
      await measure('POST /api/v2.0/envelopes/create (1 document, 2 signers), 32 connections', {
        url: `${service.url}/api/v2.0/envelopes/create`,
        method: 'POST',
        headers,
        body: JSON.stringify(await envelopeRequest()),
        connections: 32,
      }),
    );

    const baseline = results[0]!.requestsPerSecond;
    console.log(`database: ${config.database.kind}; ${DURATION_S} s per route; 100 connections unless said`);
    for (const r of results) {
      console.log(JSON.stringify({ ...r, ratioToBare: Number((r.requestsPerSecond / baseline).toFixed(3)) }));
    }
    console.log(JSON.stringify({ name: 'idle RSS after the run (MB)', value: Math.round(process.memoryUsage().rss / 1024 / 1024) }));
  } finally {
    await bare.app.close();
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
