import type { AppError } from '../../../src/domain/app-error.js';
import { statusOf } from '../../../src/http/errors.js';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { before, it } from 'node:test';
import { updateAccount } from '../../../src/app/accounts/update-account.js';
import { WEB_BUILD_DIR } from '../../../src/http/routes/pages/web-build.js';
import { describeWithServer } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import type { TestServer } from '../../support/test-server.js';

const asset = (pattern: RegExp): string => {
  const name = readdirSync(`${WEB_BUILD_DIR}/assets`).find((file) => pattern.test(file));
  assert.ok(name, `dist/web/assets has a file matching ${pattern} (run npm run build:web)`);
  return `/app/assets/${name}`;
};

// The pages do not touch the database beyond one lookup: SQLite covers them (the embedded URL suite runs on both).
describeWithServer(
  'signing and verification pages',
  (server) => {
    let account: Awaited<ReturnType<TestServer['newAccount']>>;
    let embeddedPath: string;

    before(async () => {
      account = await server.newAccount();
      const envelope = await createEnvelope(server, account.accessToken);
      const embedded = await server.call('GET', `/api/v2.0/envelopes/${envelope.envelope_id}/generate_embedded_url/ada@example.test`, {
        token: account.accessToken,
      });
      embeddedPath = new URL(embedded.body.data.url).pathname;
    });

    const page = (path: string) => server.call('GET', path, { noAppAuthType: true, headers: { accept: 'text/html' } });

    it('serves the built scripts under /app/ as JavaScript, cacheable for good', async () => {
      const response = await page(asset(/^sign-.*\.js$/));
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^(text|application)\/javascript/);
      assert.match(response.headers.get('cache-control') ?? '', /immutable/);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    });

    it('serves the pdf.js worker (.mjs) as text/javascript, so browsers run it as a module', async () => {
      const response = await page(asset(/\.mjs$/));
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^text\/javascript/);
    });

    it('answers 404 for an asset that does not exist', async () => {
      assert.equal((await page('/app/assets/nothing-here.js')).status, 404);
    });

    it('serves the signing page with a strict CSP that forbids framing when the token is unknown', async () => {
      const response = await page('/sign/cs_st_unknown');
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
      assert.match(response.body, /\/app\/assets\/sign-[\w-]+\.js/);
      const csp = response.headers.get('content-security-policy') ?? '';
      assert.equal(
        csp,
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; worker-src 'self' blob:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      );
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
    });

    it("lets only the account's frame_ancestors frame the signing page of its envelopes", async () => {
      const none = await page(embeddedPath);
      assert.match(none.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'$/);

      await updateAccount(server.service.ctx, account.account_id, { frameAncestors: ['https://a.example', 'http://127.0.0.1:8123'] });
      const allowed = await page(embeddedPath);
      assert.match(
        allowed.headers.get('content-security-policy') ?? '',
        /frame-ancestors https:\/\/a\.example http:\/\/127\.0\.0\.1:8123$/,
      );
      assert.match(allowed.body, /<div id="root">|id="root"/);
    });

    it('never lets the account setting carry anything but origins into the CSP', async () => {
      for (const bad of [
        "https://a.example; script-src 'unsafe-inline'",
        'https://a.example/path',
        'javascript:alert(1)',
        '*',
        'https://user@a.example',
      ]) {
        await assert.rejects(
          updateAccount(server.service.ctx, account.account_id, { frameAncestors: [bad] }),
          (error: AppError) => error.code === 'INVALID_FRAME_ANCESTOR' && statusOf(error) === 400,
          bad,
        );
      }
    });
  },
  { database: 'sqlite' },
);
