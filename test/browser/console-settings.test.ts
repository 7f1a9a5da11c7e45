import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import { linksIn } from '../support/smtp-sink.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { assertAccessible, checkBothWidths, screenshot } from './accessibility.js';
import { invitationSignInLink } from './console-invitation.js';
import { launchChromium, WIDE } from './chromium.js';

describeWithServer(
  'the console: settings',
  (server, sink) => {
    let browser: Browser;
    let receiver: WebhookReceiver;
    let accountId: string;
    let admin: Page;
    const errors: string[] = [];

    /** A person of the account signed in through the link of their invitation mail, in a browser context of their own. */
    const signIn = async (email: string, role: 'admin' | 'sender'): Promise<{ context: BrowserContext; page: Page }> => {
      const link = await invitationSignInLink(server, sink, { accountId, email, name: `Pat ${role}`, role });
      const context = await browser.newContext({ viewport: WIDE, permissions: ['clipboard-read', 'clipboard-write'] });
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      await page.goto(link);
      await page.getByRole('heading', { name: 'Envelopes', level: 1 }).waitFor();
      return { context, page };
    };

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      receiver = await startWebhookReceiver();
      const account = await server.newAccount();
      accountId = account.account_id;
      await createEnvelope(server, account.accessToken, { envelope: { name: 'Counted today' } });
      await createEnvelope(server, account.accessToken, { envelope: { name: 'Counted too' } });
      browser = await launchChromium();
      admin = (await signIn('admin@settings.test', 'admin')).page;
    });
    after(async () => {
      await browser?.close();
      await receiver?.close();
    });

    const tabs = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link');

    it('shows an admin every section, API clients first', async () => {
      await admin.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Settings' }).click();
      await admin.locator('[data-testid=settings-api-clients]').waitFor();
      assert.deepEqual(await tabs(admin).allInnerTexts(), [
        'API clients',
        'Webhooks',
        'Users',
        'Sign-in methods',
        'Embedding',
        'Security log',
        'Plan and usage',
      ]);
    });

    it('creates an API client and shows its secret once, and the secret logs in', async () => {
      const section = admin.locator('[data-testid=settings-api-clients]');
      await section.getByLabel('What the new client is for').fill('CRM integration');
      await section.getByRole('button', { name: 'Create API client' }).click();
      const dialog = admin.locator('[data-testid=secret-dialog]');
      await dialog.waitFor();
      assert.match(await dialog.innerText(), /only time the secret is shown/);
      const credentials = await dialog.locator('[data-testid=secret-credentials]').innerText();
      await dialog.getByRole('button', { name: 'Copy client secret' }).click();
      await dialog.getByText('Client secret copied.').waitFor();
      await assertAccessible(admin, 'the secret dialog');
      await screenshot(admin, 'console-settings-secret-1280');
      const login = await server.call('POST', '/api/v2.0/authorization/token', { body: { credentials } });
      assert.equal(login.status, 200, 'the shown credentials log in');

      await dialog.getByRole('button', { name: 'I have stored it' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = admin.locator('[data-testid=client-row]').filter({ hasText: 'CRM integration' });
      await row.waitFor();
      assert.equal(await admin.getByText(credentials).count(), 0, 'the secret is not shown again');
      await checkBothWidths(admin, 'console-settings-api-clients');
    });

    it('revokes an API client after a confirmation', async () => {
      const row = admin.locator('[data-testid=client-row]').filter({ hasText: 'CRM integration' });
      await row.getByRole('button', { name: /Revoke/ }).click();
      await admin.locator('[data-testid=revoke-dialog]').getByRole('button', { name: 'Revoke' }).click();
      await admin.locator('[data-testid=revoke-dialog]').waitFor({ state: 'detached' });
      await row.getByText(/Revoked/).waitFor();
      assert.equal(await row.getByRole('button', { name: /Revoke/ }).count(), 0);
    });

    it('adds a webhook with chosen events, sends a test event and shows its deliveries', async () => {
      await tabs(admin).filter({ hasText: 'Webhooks' }).click();
      const section = admin.locator('[data-testid=settings-webhooks]');
      await section.getByLabel('Endpoint URL').fill(`${receiver.url}/console`);
      await section.getByLabel('Description (optional)').fill('Our CRM');
      await section.getByRole('checkbox', { name: 'envelope.sent' }).check();
      await section.getByRole('button', { name: 'Add webhook' }).click();
      const dialog = admin.locator('[data-testid=secret-dialog]');
      assert.match(await dialog.locator('[data-testid=secret-signing-secret]').innerText(), /^whsec_/);
      await dialog.getByRole('button', { name: 'I have stored it' }).click();
      const webhook = section.locator('[data-testid=webhook]');
      await webhook.waitFor();
      assert.match(await webhook.innerText(), /envelope\.sent, envelope\.completed|envelope\.completed, envelope\.sent/);

      await webhook.getByRole('button', { name: 'Send a test event' }).click();
      await webhook.getByText(/on its way/).waitFor();
      await server.service.worker.drain();
      await webhook.getByRole('button', { name: 'Show deliveries' }).click();
      await webhook.locator('[data-testid=deliveries-table]').getByText('ping').waitFor();
      await webhook.locator('[data-testid=deliveries-table]').getByText('Delivered').waitFor({ timeout: 15_000 });
      await checkBothWidths(admin, 'console-settings-webhooks');

      await webhook.getByRole('button', { name: 'Disable' }).click();
      await webhook.getByText('Disabled').waitFor();
      await webhook.getByRole('button', { name: 'Enable' }).click();
      await webhook.getByText('Enabled').waitFor();
    });

    it('invites a user, changes their role and removes them', async () => {
      await tabs(admin).filter({ hasText: 'Users' }).click();
      const section = admin.locator('[data-testid=settings-users]');
      await section.getByLabel('Name').fill('Grace New');
      await section.getByLabel('E-mail address').fill('grace.new@settings.test');
      await section.getByLabel('Role', { exact: true }).selectOption('sender');
      await section.getByRole('button', { name: 'Invite' }).click();
      await section.locator('[data-testid=invited]').waitFor();
      const mail = await sink.waitFor((m) => JSON.stringify(m.to).includes('grace.new@settings.test'));
      assert.ok(
        linksIn(mail).some((url) => url.includes('/console/login/')),
        'the invited person is mailed a sign-in link',
      );
      const row = section.locator('[data-testid=user-row]').filter({ hasText: 'grace.new@settings.test' });
      await row.waitFor();
      await checkBothWidths(admin, 'console-settings-users');

      await row.getByLabel('Role of Grace New').selectOption('admin');
      const users = async () => {
        const cookieToken = await admin.evaluate(async () => {
          const response = await fetch('/api/v2.0/console/token', {
            method: 'POST',
            headers: { 'X-Requested-With': 'countersign-console' },
          });
          return ((await response.json()) as { data: { access_token: string } }).data.access_token;
        });
        const listed = await server.call('GET', '/api/v2.0/account/users', { token: cookieToken });
        return listed.body.data.users as { email: string; role: string }[];
      };
      for (let i = 0; i < 50 && (await users()).find((u) => u.email === 'grace.new@settings.test')?.role !== 'admin'; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal((await users()).find((u) => u.email === 'grace.new@settings.test')?.role, 'admin');

      await row.getByRole('button', { name: 'Remove Grace New' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
      await row.waitFor({ state: 'detached' });
    });

    it('saves the origins allowed to frame the embedded pages', async () => {
      await tabs(admin).filter({ hasText: 'Embedding' }).click();
      const section = admin.locator('[data-testid=settings-embedding]');
      await section.locator('[data-testid=no-origins]').waitFor();
      await section.getByLabel('Origin to allow').fill('https://app.example.com');
      await section.getByRole('button', { name: 'Add origin' }).click();
      await section.getByLabel('Origin to allow').fill('https://crm.example.org');
      await section.getByLabel('Origin to allow').press('Enter');
      await section.getByRole('button', { name: 'Save origins' }).click();
      await section.locator('[data-testid=origins-saved]').waitFor();
      await checkBothWidths(admin, 'console-settings-embedding');
      await admin.reload();
      await section.locator('[data-testid=origins]').waitFor();
      assert.deepEqual(await section.locator('[data-testid=origins] code').allInnerTexts(), [
        'https://app.example.com',
        'https://crm.example.org',
      ]);

      await section.getByRole('button', { name: 'Remove https://app.example.com' }).click();
      await section.getByRole('button', { name: 'Save origins' }).click();
      await section.locator('[data-testid=origins-saved]').waitFor();
      assert.deepEqual(await section.locator('[data-testid=origins] code').allInnerTexts(), ['https://crm.example.org']);
    });

    it("refuses an origin the API does not accept, with the API's code", async () => {
      const section = admin.locator('[data-testid=settings-embedding]');
      await section.getByLabel('Origin to allow').fill('https://app.example.com/with/a/path');
      await section.getByRole('button', { name: 'Add origin' }).click();
      await section.getByRole('button', { name: 'Save origins' }).click();
      await section.getByRole('alert').waitFor();
      assert.match(await section.getByRole('alert').innerText(), /INVALID_FRAME_ANCESTOR/);
      await section.getByRole('button', { name: 'Remove https://app.example.com/with/a/path' }).click();
    });

    it('shows the plan, the quota and a chart of envelopes per day', async () => {
      await tabs(admin).filter({ hasText: 'Plan and usage' }).click();
      const section = admin.locator('[data-testid=settings-plan]');
      await section.locator('meter').waitFor();
      assert.match(await section.locator('[data-testid=quota]').innerText(), /Envelopes this month: 2 of 500/);
      const chart = section.getByRole('img');
      await chart.waitFor();
      assert.match((await chart.getAttribute('aria-label')) ?? '', /2 created, 0 completed/);
      assert.equal(await section.locator('[data-testid=daily-chart] rect').count(), 60, 'two bars for each of 30 days');
      assert.equal(await section.locator('[data-testid=daily-chart] table tbody tr').count(), 30);
      assert.match(await section.locator('[data-testid=status-totals]').innerText(), /Total\s+2/);
      await checkBothWidths(admin, 'console-settings-plan');
    });

    it("shows a sender only their sign-in methods and the plan, and the admin API answers the sender's token 403 ROLE_FORBIDDEN", async () => {
      const { context, page } = await signIn('sender@settings.test', 'sender');
      await page.goto(`${server.url}/settings`);
      await page.locator('[data-testid=settings-sign-in]').waitFor();
      assert.deepEqual(await tabs(page).allInnerTexts(), ['Sign-in methods', 'Plan and usage']);
      await checkBothWidths(page, 'console-settings-sender');

      await page.goto(`${server.url}/settings/api-clients`);
      await page.getByRole('alert').waitFor();
      assert.match(await page.getByRole('alert').innerText(), /ROLE_FORBIDDEN/);

      const cookies = await context.cookies();
      const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const exchanged = await server.call('POST', '/api/v2.0/console/token', {
        noAppAuthType: true,
        headers: { cookie, 'x-requested-with': 'countersign-console' },
      });
      assert.equal(exchanged.status, 200);
      const refused = await server.call('GET', '/api/v2.0/account/clients', { token: exchanged.body.data.access_token });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.errors[0].error_code, 'ROLE_FORBIDDEN');
      await context.close();
    });

    it('ran without script errors or CSP violations', () => {
      // The browser logs the refusals the tests provoked (400 for a bad origin, 403 for the sender).
      assert.deepEqual(
        errors.filter((error) => !/status of (400|403)/.test(error)),
        [],
      );
    });
  },
  { database: 'sqlite', smtpSink: true, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
);
