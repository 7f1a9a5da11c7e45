import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { createEnvelope } from '../support/envelopes.js';
import { checkBothWidths } from './accessibility.js';
import { invitationSignInLink } from './console-invitation.js';
import { launchChromium, recordErrors, WIDE } from './chromium.js';

describeWithServer(
  'the console in six languages',
  (server, sink) => {
    let browser: Browser;
    let page: Page;
    let errors: string[] = [];
    let envelopeId: string;

    const documentLanguage = () => page.evaluate(() => document.documentElement.lang);
    const picker = () => page.locator('header [data-testid=language-picker]');

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      const account = await server.newAccount();
      envelopeId = (await createEnvelope(server, account.accessToken, { envelope: { name: 'Mietvertrag Verlängerungsvereinbarung' } }))
        .envelope_id;
      await server.service.worker.drain();
      const link = await invitationSignInLink(server, sink, {
        accountId: account.account_id,
        email: 'admin@languages.test',
        name: 'Ada Admin',
        role: 'admin',
      });
      browser = await launchChromium();
      const context = await browser.newContext({ viewport: WIDE, locale: 'de-DE' });
      page = await context.newPage();
      errors = recordErrors(page);
      await page.goto(link);
    });
    after(async () => {
      await browser?.close();
    });

    it('speaks German to a browser whose language is German', async () => {
      await page.getByRole('heading', { name: 'Umschläge', level: 1 }).waitFor();
      assert.equal(await documentLanguage(), 'de');
      assert.equal(await picker().inputValue(), 'de');
      const table = page.locator('[data-testid=envelope-table]');
      assert.deepEqual(await table.locator('thead th').allInnerTexts(), ['Name', 'Status', 'Unterschrieben', 'Erstellt', 'Fällig']);
      assert.match(await table.innerText(), /Gesendet/);
      assert.match(await page.locator('[data-testid=page-of]').innerText(), /Seite 1 von 1 · 1 Umschlag/);
      await page.getByRole('navigation', { name: 'Konsole' }).getByRole('link', { name: 'Einstellungen' }).waitFor();
      await checkBothWidths(page, 'console-de-envelopes');
    });

    it('shows an envelope and the settings in German, long words inside a phone’s width', async () => {
      await page.getByRole('link', { name: 'Mietvertrag Verlängerungsvereinbarung' }).click();
      await page.getByRole('heading', { name: 'Empfänger', level: 2 }).waitFor();
      await page.locator('[data-testid=timeline] li').first().waitFor();
      assert.match(await page.locator('[data-testid=timeline]').innerText(), /Umschlag erstellt/);
      await page.locator('[data-testid=head-hash]').waitFor();
      await checkBothWidths(page, 'console-de-envelope');

      await page.goto(`${server.url}/settings/plan`);
      await page.locator('[data-testid=settings-plan] meter').waitFor();
      assert.match(await page.locator('[data-testid=quota]').innerText(), /Umschläge in diesem Monat: 1 von/);
      await checkBothWidths(page, 'console-de-settings-plan');
      await page.goto(`${server.url}/settings/webhooks`);
      await page.getByRole('heading', { name: 'Webhook hinzufügen' }).waitFor();
      await checkBothWidths(page, 'console-de-settings-webhooks');
    });

    it('switches to Japanese from the header, by keyboard, and keeps it across a reload', async () => {
      await page.goto(`${server.url}/envelopes`);
      await page.getByRole('heading', { name: 'Umschläge', level: 1 }).waitFor();
      await page.getByLabel('Sprache').focus();
      await page.keyboard.press('End');
      await page.getByRole('heading', { name: '封筒', level: 1 }).waitFor();
      assert.equal(await documentLanguage(), 'ja');
      assert.ok(
        await page.evaluate(() => document.fonts.check('16px "Countersign Japanese"', '封筒')),
        'the served Japanese face is loaded',
      );

      await page.reload();
      await page.getByRole('heading', { name: '封筒', level: 1 }).waitFor();
      assert.equal(await documentLanguage(), 'ja');
      assert.equal(await picker().inputValue(), 'ja');
      assert.match(await page.locator('[data-testid=envelope-table]').innerText(), /送信済み/);
      await checkBothWidths(page, 'console-ja-envelopes');
      await page.getByRole('link', { name: 'Mietvertrag Verlängerungsvereinbarung' }).click();
      await page.locator('[data-testid=head-hash]').waitFor();
      await checkBothWidths(page, 'console-ja-envelope');
      await page.goto(`${server.url}/settings/users`);
      await page.getByRole('heading', { name: 'ユーザーを招待' }).waitFor();
      await checkBothWidths(page, 'console-ja-settings-users');
    });

    it('shows the envelope list, an envelope and the settings in French words', async () => {
      await page.getByLabel('言語').selectOption('fr');
      await page.getByRole('heading', { name: 'Paramètres', level: 1 }).waitFor();
      assert.equal(await documentLanguage(), 'fr');
      assert.deepEqual(await page.getByRole('navigation', { name: 'Sections des paramètres' }).getByRole('link').allInnerTexts(), [
        'Clients API',
        'Webhooks',
        'Utilisateurs',
        'Méthodes de connexion',
        'Intégration',
        'Journal de sécurité',
        'Offre et utilisation',
      ]);
      assert.match(await page.locator('[data-testid=user-table]').innerText(), /\(vous\)/);

      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Enveloppes' }).click();
      await page.getByRole('heading', { name: 'Enveloppes', level: 1 }).waitFor();
      assert.match(await page.locator('[data-testid=envelope-table]').innerText(), /Envoyée/);
      assert.match(await page.locator('[data-testid=page-of]').innerText(), /Page 1 sur 1 · 1 enveloppe/);

      await page.getByRole('link', { name: 'Mietvertrag Verlängerungsvereinbarung' }).click();
      await page.getByRole('heading', { name: 'Destinataires', level: 2 }).waitFor();
      await page.locator('[data-testid=timeline] li').first().waitFor();
      assert.match(await page.locator('[data-testid=timeline]').innerText(), /Enveloppe créée/);
      assert.match(await page.locator('[data-testid=envelope-actions]').innerText(), /Annuler l'enveloppe/);
    });

    it("words a refusal of the API in French, and keeps the API's own message and code below it", async () => {
      await page.goto(`${server.url}/envelopes/env_doesnotexist`);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      assert.match(await alert.locator('.notice-text').innerText(), /Cette enveloppe n'existe pas, ou elle appartient à un autre compte\./);
      assert.equal(await alert.locator('.notice-detail').getAttribute('lang'), 'en');
      assert.match(await alert.innerText(), /ENVELOPE_NOT_FOUND/);
      await page.getByRole('heading', { name: 'Enveloppe non affichée', level: 1 }).waitFor();
      assert.ok(envelopeId);
    });

    it('ran without script errors or CSP violations', () => {
      assert.deepEqual(
        errors.filter((error) => !/status of 404/.test(error)),
        [],
      );
    });
  },
  { database: 'sqlite', smtpSink: true },
);
