import assert from 'node:assert/strict';
import { before, it, type TestContext } from 'node:test';
import fc from 'fast-check';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { requestArbitrary, type FuzzContext } from '../../support/fuzz-arbitraries.js';
import { describeRequest, sendRaw, type RawRequest, type RawResponse } from '../../support/fuzz-client.js';
import { createAccountResources, fuzzContext } from '../../support/fuzz-fixtures.js';
import { fillPath, readRouteTable, type Route } from '../../support/route-table.js';

/**
 * Item 9 of issue 8: generated and mutated bodies, headers, paths and uploads at every route the
 * router knows (read from the running server, hidden routes included). Never a 5xx, never a hang,
 * every error in the contract's shape (docs/api/conventions.md), and the server alive afterwards.
 *
 * FUZZ_RUNS multiplies the runs (default 1; CI keeps it at 1 to stay within its time budget) and
 * FUZZ_SEED replays a reported failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
/** A bound on liveness, not on speed: the slowest legitimate request here (a PDF parse) takes well under a second. */
const ANSWER_WITHIN_MS = 15_000;

/**
 * 503 WEB_NOT_BUILT is the configured answer of the pages when `npm run build:web` has not run (a unit-only checkout),
 * or when a page is not in the build yet; a HEAD of a page carries that answer without its body.
 */
const isWebNotBuilt = (response: RawResponse, raw: RawRequest) =>
  response.status === 503 &&
  (response.text.includes('WEB_NOT_BUILT') || (raw.method === 'HEAD' && /^\/(sign|verify|embed|app)\//.test(raw.path)));

/**
 * The public pages (`/sign/…`, `/verify/…`, a sign-in link's `/console/login/…`, the first run's `/setup/…`) answer
 * people with an HTML page, a missing envelope or an unknown link included (docs/decisions.md).
 */
const isPageForPeople = (response: RawResponse, raw: RawRequest) =>
  /^\/(sign|verify|console\/login|setup)\/[^/]*$/.test(raw.path.split('?')[0] ?? '') &&
  String(response.headers['content-type']).startsWith('text/html');

const assertContractAnswer = (response: RawResponse, raw: RawRequest) => {
  const request = describeRequest(raw);
  assert.ok(response.status < 500 || isWebNotBuilt(response, raw), `${response.status} ${response.text.slice(0, 500)}\nfor ${request}`);
  if (response.status < 400 || raw.method === 'HEAD') return;
  if (isPageForPeople(response, raw)) return;
  let body: { message?: unknown; errors?: { error_code?: unknown }[] };
  try {
    body = JSON.parse(response.text) as typeof body;
  } catch {
    assert.fail(`${response.status} answered a body that is not JSON: ${response.text.slice(0, 300)}\nfor ${request}`);
  }
  assert.equal(typeof body.message, 'string', `${response.status} without a message: ${response.text.slice(0, 300)}\nfor ${request}`);
  assert.ok(
    Array.isArray(body.errors) && body.errors.length > 0 && body.errors.every((e) => /^[A-Z0-9_]+$/.test(String(e.error_code))),
    `${response.status} without errors[].error_code: ${response.text.slice(0, 300)}\nfor ${request}`,
  );
};

describeOnEachDatabase(
  'Fuzz: every route of the route table',
  (server) => {
    let routes: Route[];
    let context: FuzzContext;

    before(async () => {
      routes = (await readRouteTable(server)).filter((route) => route.method !== 'HEAD');
      context = await fuzzContext(await createAccountResources(server));
    });

    const send = async (raw: RawRequest) => assertContractAnswer(await sendRaw(server.url, raw, ANSWER_WITHIN_MS), raw);

    const fuzzEach = async (
      t: TestContext,
      select: (route: Route) => boolean,
      focus: Parameters<typeof requestArbitrary>[2],
      numRuns: number,
    ) => {
      const selected = routes.filter(select);
      assert.ok(selected.length > 0, `no route selected for ${focus}`);
      for (const route of selected) {
        await t.test(`${route.method} ${route.path}`, async () => {
          await fc.assert(fc.asyncProperty(requestArbitrary(route, context, focus), send), {
            numRuns: Math.max(1, Math.round(numRuns * RUNS)),
            endOnFailure: true,
            includeErrorInReport: true,
            ...(SEED !== undefined ? { seed: SEED } : {}),
          });
        });
      }
    };

    it('reads a route table that covers the API, the pages, verification and the hidden routes', () => {
      const paths = new Set(routes.map((route) => route.path));
      for (const path of [
        '/api/v2.0/envelopes/create',
        '/api/v2.0/envelopes/:envelopeId/cancel',
        '/api/v2.0/templates/:templateId/action/:action',
        '/api/v2.0/templates/:templateId',
        '/api/v2.0/templates/:templateId/documents/:documentId',
        '/api/v2.0/templates/:templateId/generate_edit_url',
        '/api/v2.0/envelopes/generate_sender_url',
        '/api/v2.0/builder/:builderCode',
        '/api/v2.0/builder/:builderCode/documents/:documentId',
        '/api/v2.0/builder/:builderCode/template',
        '/api/v2.0/builder/:builderCode/send',
        '/embed/template/:token',
        '/embed/compose/:token',
        '/api/v2.0/signing/:signingCode/sign',
        '/api/v2.0/signing/:signingCode/attachments',
        '/api/v2.0/signing/:signingCode/send_code',
        '/api/v2.0/signing/:signingCode/authenticate',
        '/api/v2.0/account/clients',
        '/api/v2.0/account/clients/:clientId/revoke',
        '/api/v2.0/account/users',
        '/api/v2.0/account/users/:userId',
        '/api/v2.0/account/settings',
        '/api/v2.0/account/statistics/daily',
        '/sign/:token',
        '/verify/:envelopeId',
        '/verify/:envelopeId/check',
        '/healthz',
      ]) {
        assert.ok(paths.has(path), `${path} missing from ${[...paths].join(', ')}`);
      }
      assert.ok(
        routes.some((route) => !route.documented && route.params.length > 0),
        'hidden routes with parameters are in the table',
      );
      assert.ok(routes.filter((route) => route.bodySchema).length >= 15, 'body schemas come from the OpenAPI document');
    });

    it('answers generated and mutated JSON bodies on every route that takes a body without a 5xx', async (t) => {
      await fuzzEach(t, (route) => route.method === 'POST' || route.method === 'PUT', 'body', 40);
    });

    it('answers path parameters of 5,000 characters, malformed %-encodings, unicode and dot segments without a 5xx', async (t) => {
      await fuzzEach(t, (route) => route.params.length > 0, 'path', 40);
    });

    it('answers hostile headers, content types and bodies on every route without a 5xx', async (t) => {
      await fuzzEach(t, () => true, 'headers', 25);
    });

    it('answers multipart garbage and PDF-looking bytes on every route that takes a body without a 5xx', async (t) => {
      await fuzzEach(t, (route) => route.method === 'POST' || route.method === 'PUT', 'upload', 25);
    });

    it('answers the classic hostile inputs on every route: huge and deeply nested JSON, an empty body, a wrong content type', async (t) => {
      const auth = { authorization: `Bearer ${context.token}`, app_auth_type: 'esign-oauth2' };
      const cases: { name: string; contentType: string; body: string }[] = [
        { name: 'an empty JSON body', contentType: 'application/json', body: '' },
        { name: 'JSON nested 100,000 arrays deep', contentType: 'application/json', body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
        {
          name: 'JSON nested 20,000 objects deep',
          contentType: 'application/json',
          body: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
        },
        { name: 'an 8 MB JSON string', contentType: 'application/json', body: JSON.stringify({ name: 'x'.repeat(8 * 1024 * 1024) }) },
        { name: 'a JSON body sent as text/plain', contentType: 'text/plain', body: '{}' },
        { name: 'a JSON body with a prototype-polluting key', contentType: 'application/json', body: '{"__proto__":{"admin":true}}' },
      ];
      for (const route of routes.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
        await t.test(`${route.method} ${route.path}`, async () => {
          const path = fillPath(
            route.path,
            Object.fromEntries(route.params.map((name) => [name, encodeURIComponent(context.known[name]?.[0] ?? 'unknown')])),
          );
          for (const hostile of cases) {
            await send({
              method: route.method,
              path,
              headers: { ...auth, 'content-type': hostile.contentType },
              body: Buffer.from(hostile.body),
            });
          }
        });
      }
      assert.equal(({} as Record<string, unknown>).admin, undefined, 'no prototype was polluted');
    });

    it('answers headers over the server limit, and raw non-ASCII bytes in the path, in the contract shape', async () => {
      await send({ method: 'GET', path: '/api/v2.0/account', headers: { 'x-padding': 'x'.repeat(20_000) } });
      await send({ method: 'GET', path: '/verify/\u00e9\u00ff', headers: {} });
    });

    it('is alive afterwards: /healthz and /readyz answer 200, and the account still works', async () => {
      const health = await sendRaw(server.url, { method: 'GET', path: '/healthz', headers: {} }, 1_000);
      assert.equal(health.status, 200);
      const ready = await sendRaw(server.url, { method: 'GET', path: '/readyz', headers: {} }, 1_000);
      assert.equal(ready.status, 200);
      const account = await server.call('GET', '/api/v2.0/account', { token: context.token });
      assert.equal(account.status, 200, JSON.stringify(account.body));
    });
  },
  // The generated requests are many more than a client's minute allows; limits are proven in their own suites.
  { env: { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' } },
);
