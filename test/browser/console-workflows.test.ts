import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { tokenFor } from '../api/signing/signing-helpers.js';
import { describeWithServer } from '../support/api-suite.js';
import { pdfBase64 } from '../support/envelopes.js';
import { freePort } from '../support/free-port.js';
import { templateRequest } from '../api/templates/template-requests.js';
import { assertAccessible, checkBothWidths, screenshot } from './accessibility.js';
import { signInThroughInvitation } from './console-invitation.js';
import { launchChromium, NARROW, recordErrors, WIDE } from './chromium.js';
import { waitForRenderedCanvas } from './gestures.js';

/** The in-person link is built on PUBLIC_URL, and Chromium refuses the default's port: the server's own address is the public one. */
const port = await freePort();

const signature = (page = 1, y = 600) => ({ type: 'signature', page, x: 72, y, width: 160, height: 40 });

describeWithServer(
  'the console for workflows: roles, groups, conditions, corrections, send-back, in person, public links',
  (server, sink) => {
    let browser: Browser;
    let context: BrowserContext;
    let token: string;
    let pdf: Buffer;
    const host = { email: 'hana@console.test', name: 'Hana Host' };

    before(async () => {
      mkdirSync('.test-tmp/screenshots', { recursive: true });
      const account = await server.newAccount();
      token = account.accessToken;
      pdf = Buffer.from(await pdfBase64(1, 'Board resolution on the new office lease'), 'base64');
      browser = await launchChromium();
      context = await browser.newContext({ viewport: WIDE });
      await signInThroughInvitation(context, server, sink, { accountId: account.account_id, ...host, role: 'admin' });
    });
    after(() => browser?.close());

    const openConsole = async (path: string): Promise<{ page: Page; errors: string[] }> => {
      const page = await context.newPage();
      await page.setViewportSize(WIDE);
      const errors = recordErrors(page);
      await page.goto(`${server.url}${path}`);
      return { page, errors };
    };

    const create = async (body: Record<string, unknown>) => {
      const response = await server.call('POST', '/api/v2.0/envelopes/create', {
        token,
        body: {
          envelope: { name: 'Board resolution', sign_process_flow: 'Parallel', ...(body.envelope as object) },
          documents: [{ name: 'resolution.pdf', content_base64: pdf.toString('base64') }],
          recipients: body.recipients,
        },
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      return response.body.data.envelope_id as string;
    };

    const details = async (envelopeId: string) => {
      const response = await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.data;
    };

    it('composes an approver, a 2-of-3 signing group, a radio field and a field shown only when a checkbox is ticked, and sends them as drawn', async () => {
      const { page, errors } = await openConsole('/compose');
      try {
        await page.locator('[data-testid=file-input]').setInputFiles({ name: 'resolution.pdf', mimeType: 'application/pdf', buffer: pdf });
        await page
          .locator('[data-testid=document-list]')
          .getByRole('button', { name: 'Remove resolution.pdf' })
          .waitFor({ timeout: 15_000 });
        await page.getByLabel('Name', { exact: true }).first().fill('Ada Lovelace');
        await page.getByLabel('E-mail', { exact: true }).first().fill('ada@example.test');

        await page.getByRole('button', { name: 'Add signer', exact: true }).click();
        const approver = page.locator('[data-testid=signer-row]').nth(1);
        await approver.getByLabel('Name', { exact: true }).fill('Alan Approver');
        await approver.getByLabel('E-mail', { exact: true }).fill('alan@example.test');
        await approver.getByLabel('Role').selectOption('approver');

        await page.locator('[data-testid=add-group]').click();
        const group = page.locator('[data-testid=group-row]');
        await group.getByLabel('Group name').fill('Board');
        await group.locator('[data-testid=add-member]').click();
        const members = group.locator('[data-testid=group-member]');
        assert.equal(await members.count(), 3);
        for (const [index, who] of ['grace', 'katherine', 'dorothy'].entries()) {
          await members
            .nth(index)
            .getByLabel('Name', { exact: true })
            .fill(`${who[0]!.toUpperCase()}${who.slice(1)} Member`);
          await members.nth(index).getByLabel('E-mail', { exact: true }).fill(`${who}@example.test`);
        }
        await group.getByLabel('Required signatures').fill('2');
        assert.match(await group.innerText(), /2 of 3 members must sign/);

        await waitForRenderedCanvas(page, 'canvas.editor-canvas');
        // The approver takes no fields: the palette says so and offers nothing.
        await page.locator('[data-testid=palette-signer]').selectOption({ label: 'Alan Approver' });
        assert.match(await page.locator('[data-testid=palette-hint]').innerText(), /take no fields/);
        assert.ok(await page.locator('[data-testid=palette-checkbox]').isDisabled());

        await page.locator('[data-testid=palette-signer]').selectOption({ label: 'Ada Lovelace' });
        await page.locator('[data-testid=palette-checkbox]').click();
        await page.locator('[data-testid=field-name]').fill('has_company');
        await page.locator('[data-testid=palette-text]').click();
        await page.locator('[data-testid=field-name]').fill('has_company');
        await page.locator('[data-testid=field-name-problem]').waitFor();
        assert.match(await page.locator('[data-testid=send-envelope]').evaluate((b) => String((b as HTMLButtonElement).disabled)), /true/);
        await page.locator('[data-testid=field-name]').fill('company');
        await page.locator('[data-testid=condition-toggle]').check();
        await page.locator('[data-testid=condition-source]').selectOption('has_company');
        await page.locator('[data-testid=condition-value]').selectOption('true');

        await page.locator('[data-testid=palette-signer]').selectOption({ label: 'Board' });
        await page.locator('[data-testid=palette-signature]').click();
        await page.locator('[data-testid=palette-radio]').click();
        await page.locator('[data-testid=field-name]').fill('vote');
        await page.getByLabel('Options, one per line').fill('For\nAgainst\nAbstain');

        await assertAccessible(page, 'workflow composer 1280');
        await screenshot(page, 'console-workflows-composer-1280');
        await page.setViewportSize(NARROW);
        await assertAccessible(page, 'workflow composer 375');
        await screenshot(page, 'console-workflows-composer-375');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `nothing wider than 375 px (${overflow} px)`);
        await page.setViewportSize(WIDE);

        await page.locator('[data-testid=send-envelope]').click();
        await page.waitForURL(/\/envelopes\/env_/, { timeout: 15_000 });
        const envelopeId = new URL(page.url()).pathname.split('/').pop()!;
        const sent = await details(envelopeId);
        const [ada, alan, board] = sent.recipients.signers;
        assert.deepEqual([ada.name, ada.role], ['Ada Lovelace', 'signer']);
        assert.deepEqual([alan.name, alan.email, alan.role], ['Alan Approver', 'alan@example.test', 'approver']);
        assert.equal(board.group.name, 'Board');
        assert.equal(board.group.required, 2);
        assert.deepEqual(
          board.group.members.map((member: { email: string }) => member.email),
          ['grace@example.test', 'katherine@example.test', 'dorothy@example.test'],
        );

        const fieldsOf = async (recipientId: string) => {
          const view = await server.call('GET', `/api/v2.0/signing/${await tokenFor(server, envelopeId, recipientId)}`);
          assert.equal(view.status, 200, JSON.stringify(view.body));
          return view.body.data.fields as { type: string; name: string | null; show_if: unknown; options: string[] | null }[];
        };
        const adaFields = await fieldsOf(ada.recipient_id);
        assert.deepEqual(
          adaFields.map((field) => [field.type, field.name, field.show_if]),
          [
            ['checkbox', 'has_company', null],
            ['text', 'company', { field: 'has_company', equals: true }],
          ],
        );
        const memberFields = await fieldsOf(board.group.members[1].recipient_id);
        const vote = memberFields.find((field) => field.type === 'radio');
        assert.ok(vote, JSON.stringify(memberFields));
        assert.deepEqual([vote.name, vote.options], ['vote', ['For', 'Against', 'Abstain']]);

        await page.locator('[data-testid=group]').waitFor();
        assert.match(await page.locator('[data-testid=group]').innerText(), /Signing group: Board[\s\S]*0 of 2 required signatures/);
        assert.match(await page.locator('[data-testid=signer][data-role=approver]').innerText(), /Approver/);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it('shows a group with its members and k of n, and corrects a pending recipient’s e-mail: the new address invited, the old link dead', async () => {
      const envelopeId = await create({
        envelope: { allow_reassign: true },
        recipients: {
          signers: [
            { name: 'Ada Lovelace', email: 'ada@example.test', fields: [signature()] },
            {
              group: {
                name: 'Directors',
                required: 2,
                members: [
                  { name: 'Grace Director', email: 'grace@example.test' },
                  { name: 'Katherine Director', email: 'katherine@example.test' },
                  { name: 'Dorothy Director', email: 'dorothy@example.test' },
                ],
              },
              fields: [signature(1, 680)],
            },
          ],
        },
      });
      const before = await details(envelopeId);
      const adaId = before.recipients.signers[0].recipient_id as string;
      const oldToken = await tokenFor(server, envelopeId, adaId);

      const { page, errors } = await openConsole(`/envelopes/${envelopeId}`);
      try {
        const group = page.locator('[data-testid=group]');
        await group.waitFor();
        assert.match(await group.innerText(), /Signing group: Directors/);
        assert.match(await group.innerText(), /0 of 2 required signatures/);
        assert.equal(await group.locator('[data-testid=group-member]').count(), 3);
        assert.match(await page.locator('.envelope-summary').innerText(), /Signers may hand their step to someone else/);
        await checkBothWidths(page, 'console-workflows-group');

        await page.locator('[data-testid=correct]').click();
        const dialog = page.locator('[data-testid=correct-dialog]');
        await dialog.waitFor();
        const adaBox = dialog.locator('[data-testid=correct-recipient]').filter({ hasText: 'Ada Lovelace' });
        await adaBox.getByLabel('E-mail').fill('ada.lovelace@example.test');
        await assertAccessible(page, 'correct dialog');
        await screenshot(page, 'console-workflows-correct-1280');
        await page.keyboard.press('Enter');
        await page.locator('[data-testid=action-done]').waitFor({ timeout: 15_000 });
        await page.locator('[data-testid=signer]').filter({ hasText: 'ada.lovelace@example.test' }).waitFor();
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
      const after = await details(envelopeId);
      assert.equal(after.recipients.signers[0].email, 'ada.lovelace@example.test');
      const old = await server.call('GET', `/api/v2.0/signing/${oldToken}`);
      assert.equal(old.status, 404, JSON.stringify(old.body));
    });

    it('shows a send-back with its comment and resends the envelope by keyboard', async () => {
      const envelopeId = await create({
        recipients: {
          signers: [
            { name: 'Ada Lovelace', email: 'ada@example.test', fields: [signature()] },
            { name: 'Grace Hopper', email: 'grace@example.test', fields: [signature(1, 680)] },
          ],
        },
      });
      const grace = (await details(envelopeId)).recipients.signers[1];
      const graceToken = await tokenFor(server, envelopeId, grace.recipient_id);
      const returned = await server.call('POST', `/api/v2.0/signing/${graceToken}/return`, {
        body: { comment: 'The lease term on page 1 says 2 years; we agreed 3.' },
      });
      assert.equal(returned.status, 200, JSON.stringify(returned.body));

      const { page, errors } = await openConsole(`/envelopes/${envelopeId}`);
      try {
        const notice = page.locator('[data-testid=returned]');
        await notice.waitFor();
        assert.match(await notice.innerText(), /Sent back by Grace Hopper \(grace@example\.test\)/);
        assert.match(await notice.innerText(), /we agreed 3\./);
        assert.match(await page.locator('[data-testid=envelope-status]').innerText(), /Correcting/);
        await checkBothWidths(page, 'console-workflows-returned');

        await page.locator('[data-testid=resend]').focus();
        await page.keyboard.press('Enter');
        await page.locator('[data-testid=resend-dialog]').waitFor();
        await page.keyboard.press('Enter');
        await page.locator('[data-testid=action-done]').waitFor({ timeout: 15_000 });
        await page.locator('[data-testid=returned]').waitFor({ state: 'detached' });
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
      assert.equal((await details(envelopeId)).status, 'Sent');
    });

    it('starts an in-person signing from the envelope page: the signing page opens in a new tab with the host named', async () => {
      const envelopeId = await create({
        recipients: {
          signers: [
            { name: 'Ivan In-Person', email: 'ivan@example.test', role: 'in_person', host_email: host.email, fields: [signature()] },
          ],
        },
      });
      const { page, errors } = await openConsole(`/envelopes/${envelopeId}`);
      try {
        const ivan = page.locator('[data-testid=signer]').filter({ hasText: 'Ivan In-Person' });
        await ivan.waitFor();
        assert.match(await ivan.innerText(), /In person/);
        assert.match(await ivan.innerText(), /Host: Hana Host/);
        await checkBothWidths(page, 'console-workflows-in-person');

        const opened = context.waitForEvent('page');
        await ivan.getByRole('button', { name: 'Start in-person signing for Ivan In-Person' }).click();
        const signing = await opened;
        await signing.waitForURL(/\/sign\/.+in_person=1/, { timeout: 15_000 });
        await signing.locator('[data-testid=hand-over]').waitFor({ timeout: 15_000 });
        assert.match(await signing.locator('[data-testid=hand-over]').innerText(), /hosted by Hana Host/);
        await screenshot(signing, 'console-workflows-in-person-signing');
        await signing.close();
        await page.locator('[data-testid=action-done]').waitFor();
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    });

    it('sets up a template’s public link from the template page and shows its address to copy', async () => {
      const body = {
        ...(await templateRequest({ name: 'Lease', sign_process_flow: 'Sequential' })),
        roles: {
          signers: [
            { signer_title: 'Tenant', signing_order: 1, fields: [signature()] },
            { signer_title: 'Landlord', signing_order: 2, fields: [signature(1, 680)] },
          ],
          observers: [],
        },
      };
      const created = await server.call('POST', '/api/v2.0/templates/create', { token, body });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const templateId = created.body.data.template_id as string;

      const { page, errors } = await openConsole(`/templates/${templateId}`);
      try {
        const panel = page.locator('[data-testid=public-link-panel]');
        await panel.waitFor({ timeout: 15_000 });
        await panel.getByLabel('Visitors sign as').selectOption('Tenant');
        await panel.getByLabel('Most uses (optional)').fill('25');
        const landlord = panel.locator('[data-testid=public-link-role]').filter({ hasText: 'Landlord' });
        await landlord.getByLabel('Name').fill('Lena Landlord');
        await landlord.getByLabel('E-mail').fill('lena@example.test');
        await panel.locator('[data-testid=save-public-link]').click();
        const url = panel.locator('[data-testid=public-link-url]');
        await url.waitFor({ timeout: 15_000 });
        assert.match(await url.innerText(), /\/p\/[A-Za-z0-9_-]+$/);
        assert.match(await panel.locator('[data-testid=public-link-uses]').innerText(), /Used 0 of 25 times/);
        await panel.scrollIntoViewIfNeeded();
        await checkBothWidths(page, 'console-workflows-public-link');
        // A template without a link answers 404 PUBLIC_LINK_NOT_FOUND, which the panel reads as "none yet".
        assert.deepEqual(
          errors.filter((error) => !/status of 404/.test(error)),
          [],
        );
      } finally {
        await page.close();
      }
      const link = await server.call('GET', `/api/v2.0/templates/${templateId}/public_link`, { token });
      assert.equal(link.status, 200, JSON.stringify(link.body));
      assert.deepEqual(
        [link.body.data.enabled, link.body.data.role, link.body.data.max_uses, link.body.data.recipients.signers],
        [true, 'Tenant', 25, [{ signer_title: 'Landlord', name: 'Lena Landlord', email: 'lena@example.test' }]],
      );
    });
  },
  { database: 'sqlite', smtpSink: true, env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } },
);
