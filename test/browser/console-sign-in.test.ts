import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { inviteUser } from '../../src/app/users/invite-user.js';
import { describeWithServer } from '../support/api-suite.js';
import { linksIn } from '../support/smtp-sink.js';
import { assertAccessible, screenshot } from './accessibility.js';
import { launchChromium, onServer } from './chromium.js';

const SIZES = [
  { width: 1280, height: 900 },
  { width: 375, height: 812 },
];

describeWithServer(
  'the console: signing in by e-mail link',
  (server, sink) => {
    let browser: Browser;
    let email: string;

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      const account = await server.newAccount();
      email = `mira-${Date.now()}@people.test`;
      await inviteUser(server.service.ctx, { accountId: account.account_id, email, name: 'Mira Sender', role: 'sender' });
      await sink.waitFor((mail) => JSON.stringify(mail.to).includes(email));
      sink.clear();
      browser = await launchChromium();
    });
    after(() => browser?.close());

    for (const size of SIZES) {
      it(`shows the sign-in page at / to a visitor without a session, accessible at ${size.width} px`, async () => {
        const page = await browser.newPage({ viewport: size });
        try {
          const response = await page.goto(`${server.url}/`);
          assert.equal(response?.status(), 200);
          assert.match(response?.headers()['content-security-policy'] ?? '', /frame-ancestors 'none'/);
          await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
          assert.equal(await page.getByRole('link', { name: 'API reference' }).getAttribute('href'), '/docs');
          await assertAccessible(page, `sign-in page at ${size.width} px`);
          await screenshot(page, `console-sign-in-${size.width}`);
        } finally {
          await page.close();
        }
      });
    }

    it('mails a sign-in link from the form; the link opens the console as that person, and Sign out ends the session', async () => {
      const page = await browser.newPage({ viewport: SIZES[0] });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await page.goto(`${server.url}/`);
        await page.getByLabel('Work e-mail address').fill(email);
        await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
        await page.getByRole('status').waitFor();

        const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes(email), 10_000);
        const link = linksIn(mail).find((url) => url.includes('/console/login/'));
        assert.ok(link, 'the mail carries a sign-in link');

        await page.goto(onServer(server.url, link));
        await page.waitForURL(`${server.url}/envelopes`);
        await page.getByText('Mira Sender · sender').waitFor();
        await assertAccessible(page, 'console after sign-in');

        await page.getByRole('button', { name: 'Sign out' }).click();
        await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
        await page.goto(`${server.url}/envelopes`);
        await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
        assert.deepEqual(errors, [], 'no script errors');
      } finally {
        await page.close();
      }
    });
  },
  { database: 'sqlite', smtpSink: true },
);
