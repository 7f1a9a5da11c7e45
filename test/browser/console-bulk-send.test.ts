import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createTemplate } from '../api/templates/template-requests.js';
import { describeWithServer } from '../support/api-suite.js';
import { checkBothWidths } from './accessibility.js';
import { invitationSignInLink } from './console-invitation.js';
import { launchChromium, recordErrors, WIDE } from './chromium.js';

/** Rows run in batches of this many; the next batch waits for the server's clock to pass the pause, which the tests move by hand. */
const BATCH_ROWS = 5;
/** How long a batch may take to show: on a machine busy with other suites, one batch of rows took more than 15 s. */
const BATCH_WAIT_MS = 60_000;
const PAUSE_MS = 60_000;

const HEADER = ['Client.name', 'Client.email', 'Client.company', 'Provider.name', 'Provider.email', 'envelope_name'];
/** The data row (from 1) whose client address is not one. */
const BAD_ROW = 7;

const csvOf = (rows: number, { bad }: { bad?: number } = {}): Buffer =>
  Buffer.from(
    [
      HEADER.join(','),
      ...Array.from({ length: rows }, (_, index) => {
        const n = index + 1;
        const email = n === bad ? 'client-seven-at-example.test' : `client${n}@example.test`;
        // A quoted cell with a comma: the page reads the file as the service does.
        return [`Client ${n}`, email, `"Initech ${n}, Ltd"`, `Provider ${n}`, `provider${n}@example.test`, `NDA ${n}`].join(',');
      }),
    ].join('\r\n') + '\r\n',
  );

describeWithServer(
  'the console: bulk send from a CSV, its column check, live progress, errors and cancel',
  (server, sink) => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let errors: string[] = [];
    let token: string;
    let templateId: string;

    /** Lets the batch due after the pause run: the job worker polls and finds it due. */
    const nextBatch = () => server.clock.advance(PAUSE_MS + 1);

    const bulkSend = async (id: string) => {
      const response = await server.call('GET', `/api/v2.0/bulk_sends/${id}`, { token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.data as { status: string; total: number; created: number; failed: number; cancelled: number };
    };

    const chooseCsv = async (name: string, buffer: Buffer) => {
      await page.locator('[data-testid=csv-input]').setInputFiles({ name, mimeType: 'text/csv', buffer });
      await page.locator('[data-testid=csv-file-name]').filter({ hasText: name }).waitFor();
    };

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      const account = await server.newAccount();
      token = account.accessToken;
      // Two signer roles (Client, with a field whose placeholder is `company`; Provider) and an observer role (Legal).
      templateId = (await createTemplate(server, token, { name: 'Mutual NDA' })).template_id;
      // A sender may create envelopes, so a sender bulk sends too.
      const link = await invitationSignInLink(server, sink, {
        accountId: account.account_id,
        email: 'sam@console.test',
        name: 'Sam Sender',
        role: 'sender',
      });
      browser = await launchChromium();
      context = await browser.newContext({ viewport: WIDE, acceptDownloads: true });
      page = await context.newPage();
      errors = recordErrors(page);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Envelopes', level: 1 }).waitFor({ timeout: 15_000 });
    });
    after(() => browser?.close());

    it('is in the navigation, and a template page offers a bulk send with that template', async () => {
      await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Bulk send' }).click();
      await page.getByRole('heading', { name: 'Bulk send', level: 1 }).waitFor();
      assert.match(await page.locator('[data-testid=bulk-send-list]').innerText(), /No bulk send yet/);

      await page.goto(`${server.url}/templates/${templateId}`);
      await page.locator('[data-testid=bulk-send-link]').click();
      // The template's page asks for its public link, which it has none of (a 404 the page expects): the bulk pages start afresh.
      errors.length = 0;
      await page.waitForURL(/\/bulk-sends\?template_id=/);
      // The select shows the template once the list of templates has come and given it an option.
      await page.locator(`[data-testid=bulk-template] option[value="${templateId}"]`).waitFor({ state: 'attached' });
      assert.equal(await page.locator('[data-testid=bulk-template]').inputValue(), templateId);
      const columns = await page.locator('[data-testid=template-columns]').innerText();
      for (const column of [...HEADER, 'Legal.name', 'Legal.email']) assert.ok(columns.includes(column), column);
    });

    it('checks the columns before sending: unknown and missing columns keep Send disabled', async () => {
      const wrong = Buffer.from(
        'Client.name,Clinet.email,Provider.name,Provider.email,Client.vat\r\nAda,ada@example.test,Grace,grace@example.test,1\r\n',
      );
      // By keyboard: the file button opens the browser's chooser.
      await page.getByRole('button', { name: 'Choose a CSV file' }).focus();
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
      await chooser.setFiles({ name: 'wrong.csv', mimeType: 'text/csv', buffer: wrong });
      const check = page.locator('[data-testid=column-check]');
      await check.waitFor();
      assert.match(await page.locator('[data-testid=check-verdict]').innerText(), /does not match the template/);
      const client = page.locator('[data-testid=role-coverage-row]').filter({ hasText: /^Client/ });
      assert.match(await client.innerText(), /Missing:\s*Client\.email/);
      const unknown = await page.locator('[data-testid=unknown-columns]').innerText();
      assert.match(unknown, /2 columns the template does not know/);
      assert.match(unknown, /Clinet\.email — names no role of this template/);
      assert.match(unknown, /Client\.vat — the role has no field with this placeholder/);
      assert.ok(await page.locator('[data-testid=start-bulk-send]').isDisabled());
    });

    it('with all or nothing, one bad row sends nothing: the refusal lists that row, and downloads it', async () => {
      await chooseCsv('clients.csv', csvOf(20, { bad: BAD_ROW }));
      await page.getByLabel('All or nothing').check();
      await page.locator('[data-testid=start-bulk-send]').click();
      const refused = page.locator('[data-testid=row-errors]');
      await refused.waitFor({ timeout: 15_000 });
      assert.match(await page.getByRole('alert').filter({ hasText: 'BULK_ROWS_INVALID' }).innerText(), /nothing was created/);
      assert.match(await refused.innerText(), /1 row not sent/);
      assert.match(await refused.locator('tbody tr').first().innerText(), new RegExp(`^${BAD_ROW}\\s+INVALID_FIELD`));
      const [download] = await Promise.all([page.waitForEvent('download'), refused.locator('[data-testid=download-errors]').click()]);
      const lines = readFileSync((await download.path())!, 'utf8')
        .trimEnd()
        .split('\r\n');
      assert.equal(lines.length, 2);
      assert.match(lines[1]!, new RegExp(`^"${BAD_ROW}","INVALID_FIELD"`));
      const sends = await server.call('GET', '/api/v2.0/bulk_sends', { token });
      assert.equal(sends.body.data.total, 0);
      await page.getByLabel('All or nothing').uncheck();
      // The browser logs the refusal the page expected and showed.
      assert.deepEqual(errors, ['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
      errors.length = 0;
    });

    it('sends 20 rows with one bad row: the mapping check, a live progress bar to the end, the bad row in the errors CSV', async () => {
      await chooseCsv('clients.csv', csvOf(20, { bad: BAD_ROW }));
      assert.match(await page.locator('[data-testid=check-verdict]').innerText(), /ready to send/);
      assert.match(await page.locator('[data-testid=row-count]').innerText(), /^20 rows/);
      const roles = await page.locator('[data-testid=role-coverage]').innerText();
      assert.match(roles, /Client\s+Client\.name\s*Client\.email\s*Client\.company\s+Covered/);
      assert.match(roles, /Legal \(observer\)\s+None\s+Left out \(optional\)/);
      const preview = page.locator('[data-testid=csv-preview]');
      assert.equal(await preview.locator('tbody tr').count(), 5);
      assert.match(await preview.locator('tbody tr').first().innerText(), /Client 1\s+client1@example\.test\s+Initech 1, Ltd/);
      await page.getByLabel('Envelope name').fill('NDA');
      await checkBothWidths(page, 'console-bulk-send-check');

      const start = page.locator('[data-testid=start-bulk-send]');
      assert.equal(await start.innerText(), 'Send 20 envelopes');
      await start.click();
      await page.waitForURL(/\/bulk-sends\/bulk_/, { timeout: 15_000 });
      const bulkSendId = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByRole('heading', { name: 'Bulk send: Mutual NDA', level: 1 }).waitFor();

      // The first batch runs at once; the bad row was refused when the send was submitted.
      const progress = page.locator('[data-testid=bulk-progress-text]');
      await progress.filter({ hasText: `${1 + BATCH_ROWS} of 20 rows done` }).waitFor({ timeout: BATCH_WAIT_MS });
      assert.match(await page.locator('[data-testid=bulk-status]').innerText(), /Running/);
      assert.equal(await page.locator('[data-testid=bulk-progress]').getAttribute('value'), String(1 + BATCH_ROWS));
      assert.equal(await page.locator('[data-testid=bulk-progress]').getAttribute('max'), '20');
      await checkBothWidths(page, 'console-bulk-send-running');

      // The page follows each later batch as it runs, without being reloaded.
      for (const done of [11, 16, 20]) {
        nextBatch();
        await progress.filter({ hasText: `${done} of 20 rows done` }).waitFor({ timeout: BATCH_WAIT_MS });
      }
      assert.match(await progress.innerText(), /sent: 19, not sent: 1\./);
      await page.locator('[data-testid=bulk-status]').filter({ hasText: 'Completed' }).waitFor();
      assert.equal(await page.locator('[data-testid=cancel-bulk-send]').count(), 0);
      const finished = await bulkSend(bulkSendId);
      assert.deepEqual([finished.status, finished.total, finished.created, finished.failed], ['completed', 20, 19, 1]);

      const table = page.locator('[data-testid=row-error-table]');
      assert.match(await page.locator('[data-testid=row-errors]').innerText(), /1 row not sent/);
      assert.match(await table.locator('tbody tr').first().innerText(), new RegExp(`^${BAD_ROW}\\s+INVALID_`));
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid=download-errors]').click()]);
      assert.equal(download.suggestedFilename(), `${bulkSendId}-errors.csv`);
      const text = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
      const [header, ...lines] = text.trimEnd().split('\r\n');
      assert.equal(header, '"row","error_code","message"');
      assert.equal(lines.length, 1, text);
      // The message names the row's column, as the file has it.
      assert.match(lines[0]!, new RegExp(`^"${BAD_ROW}","INVALID_FIELD",".*Client\\.email.*"$`));
      await checkBothWidths(page, 'console-bulk-send-completed');
      assert.deepEqual(errors, []);
    });

    it('cancels a larger send while it runs: the rows not yet created stay unsent', async () => {
      await page.getByRole('link', { name: 'All bulk sends' }).click();
      await page.locator('[data-testid=bulk-template]').selectOption(templateId);
      await chooseCsv('everyone.csv', csvOf(40));
      await page.locator('[data-testid=start-bulk-send]').filter({ hasText: 'Send 40 envelopes' }).click();
      await page.waitForURL(/\/bulk-sends\/bulk_/, { timeout: 15_000 });
      const bulkSendId = new URL(page.url()).pathname.split('/').pop()!;
      const progress = page.locator('[data-testid=bulk-progress-text]');
      await progress.filter({ hasText: `${BATCH_ROWS} of 40 rows done` }).waitFor({ timeout: BATCH_WAIT_MS });

      // By keyboard: the cancel button, then Enter on the dialog's confirm button, which has the focus.
      await page.locator('[data-testid=cancel-bulk-send]').focus();
      await page.keyboard.press('Enter');
      const dialog = page.locator('[data-testid=cancel-bulk-dialog]');
      await dialog.waitFor();
      assert.match(await dialog.innerText(), /Envelopes already sent stay sent/);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.locator('[data-testid=bulk-status]').filter({ hasText: 'Cancelled' }).waitFor({ timeout: 15_000 });
      assert.match(await page.locator('[data-testid=bulk-stopped]').innerText(), /35 rows were not sent/);
      assert.equal(await page.locator('[data-testid=cancel-bulk-send]').count(), 0);

      nextBatch();
      await server.service.worker.drain();
      const cancelled = await bulkSend(bulkSendId);
      assert.deepEqual([cancelled.status, cancelled.created, cancelled.cancelled], ['cancelled', BATCH_ROWS, 40 - BATCH_ROWS]);
      const listed = await server.call('POST', '/api/v2.0/envelopes/list', { token, body: { filters: { bulk_send_id: bulkSendId } } });
      assert.equal(listed.status, 200, JSON.stringify(listed.body));
      assert.equal(listed.body.data.total, BATCH_ROWS);
    });

    it('lists the bulk sends, newest first, with their status and counts, in the reader’s language', async () => {
      await page.getByRole('link', { name: 'All bulk sends' }).click();
      const rows = page.locator('[data-testid=bulk-send-table] tbody tr');
      await rows.nth(1).waitFor();
      assert.equal(await rows.count(), 2);
      assert.match(await rows.nth(0).innerText(), /Mutual NDA\s+Cancelled\s+5 sent, 0 not sent, of 40/);
      assert.match(await rows.nth(1).innerText(), /Mutual NDA\s+Completed\s+19 sent, 1 not sent, of 20/);
      await checkBothWidths(page, 'console-bulk-send-list');

      await page.locator('[data-testid=language-picker]').selectOption('ja');
      await page.getByRole('heading', { name: '一括送信', level: 1 }).waitFor();
      assert.match(await rows.nth(1).innerText(), /完了/);
      await rows.nth(1).getByRole('link').click();
      await page.locator('[data-testid=bulk-progress-text]').filter({ hasText: '20 行中 20 行を処理' }).waitFor();
      await checkBothWidths(page, 'console-bulk-send-ja');
      await page.locator('[data-testid=language-picker]').selectOption('en');
      assert.deepEqual(errors, []);
    });
  },
  { database: 'sqlite', smtpSink: true, env: { BULK_SEND_BATCH_ROWS: String(BATCH_ROWS), BULK_SEND_PAUSE_MS: String(PAUSE_MS) } },
);
