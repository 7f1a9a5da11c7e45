import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { describeWithServer } from '../support/api-suite.js';
import { envelopeRequest, newSender, type Sender } from '../support/envelopes.js';
import { checkBothWidths } from './accessibility.js';
import { launchChromium, NARROW, onServer, recordErrors, WIDE } from './chromium.js';
import { signWithDrawnSignature, waitForRenderedCanvas } from './gestures.js';
import { openInvitation } from './signing-invitation.js';
import { linksIn } from '../support/smtp-sink.js';

const signature = (y: number, placeholder?: string) => ({
  type: 'signature',
  page: 1,
  x: 72,
  y,
  width: 160,
  height: 40,
  ...(placeholder ? { placeholder } : {}),
});

/**
 * The signing page for each workflow step, reached from the invitation mail the way a recipient
 * reaches it, at 1280 and 375 px, axe-clean: an approver, a 2-of-3 signing group, a reassignment,
 * an in-person signing on the host's device, conditional fields with a checkbox and a radio choice.
 */
describeWithServer(
  'the signing page for every workflow step',
  (server, sink) => {
    let browser: Browser;
    let sender: Sender;

    before(async () => {
      sender = await newSender(server);
      browser = await launchChromium();
    });
    after(() => browser?.close());

    const create = async (signers: unknown[], envelope: Record<string, unknown> = {}) => {
      const body = await envelopeRequest({ flow: 'Sequential', document: { name: 'resolution.pdf', pages: 1 }, envelope });
      body.recipients = { signers, observers: [] } as never;
      const created = await server.call('POST', '/api/v2.0/envelopes/create', { token: sender.token, body });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      await server.service.worker.drain();
      return created.body.data as { envelope_id: string };
    };

    const status = async (envelopeId: string) => {
      await server.service.worker.drain();
      return (await server.call('GET', `/api/v2.0/envelopes/${envelopeId}/details`, { token: sender.token })).body.data;
    };

    const invitationLink = async (email: string): Promise<string> => {
      const mail = await sink.waitFor((m) => JSON.stringify(m.to ?? '').includes(email), 10_000);
      const link = linksIn(mail).find((url) => /\/sign\//.test(url));
      assert.ok(link, `the invitation to ${email} links to the signing page`);
      return onServer(server.url, link);
    };

    for (const viewport of [WIDE, NARROW]) {
      it(`an approver reads the documents and approves (${viewport.width} px)`, async () => {
        const approver = `approver-${viewport.width}@example.test`;
        const { envelope_id } = await create([
          { name: 'Ann Approver', email: approver, role: 'approver', signing_order: 1 },
          { name: 'Sam Signer', email: `sam-${viewport.width}@example.test`, signing_order: 2, fields: [signature(600)] },
        ]);
        const { page, errors } = await openInvitation(browser, sink, server.url, approver, viewport);
        try {
          await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
          assert.match((await page.locator('[data-testid=notice-approver]').textContent()) ?? '', /approve these documents/);
          assert.equal(await page.locator('[data-testid=finish-button]').count(), 0, 'nothing to sign');
          assert.equal(await page.locator('.field').count(), 0);
          await checkBothWidths(page, `approver-${viewport.width}`);
          await page.locator('[data-testid=consent-checkbox]').check();
          await page.locator('[data-testid=approve-button]').click();
          await page.locator('[data-testid=state-approved]').waitFor({ timeout: 15_000 });
          assert.match((await page.locator('h1').textContent()) ?? '', /You approved the documents/);
          await checkBothWidths(page, `approver-approved-${viewport.width}`);
          assert.deepEqual(errors, []);
        } finally {
          await page.close();
        }
        const details = await status(envelope_id);
        assert.equal(details.recipients.signers[0].status, 'Approved');
      });

      it(`a 2-of-3 group: two members sign, the third is told the group is complete (${viewport.width} px)`, async () => {
        const members = ['dora', 'dan', 'del'].map((name) => ({
          name: `${name} Director`,
          email: `${name}-${viewport.width}@example.test`,
        }));
        await create([{ group: { name: 'Directors', members, required: 2 }, fields: [signature(600)] }]);
        for (const [index, member] of members.slice(0, 2).entries()) {
          const { page } = await openInvitation(browser, sink, server.url, member.email, viewport);
          try {
            await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
            const line = (await page.locator('[data-testid=notice-group]').textContent()) ?? '';
            assert.match(line, /You sign for Directors: 2 signatures needed/);
            assert.match(line, new RegExp(`${index} given so far`));
            if (index === 0) await checkBothWidths(page, `group-member-${viewport.width}`);
            await signWithDrawnSignature(page);
          } finally {
            await page.close();
          }
          await server.service.worker.drain();
        }
        const link = await invitationLink(members[2]!.email);
        const page = await browser.newPage({ viewport });
        try {
          await page.goto(link);
          await page.locator('[data-testid=state-group-complete]').waitFor({ timeout: 15_000 });
          assert.match((await page.locator('h1').textContent()) ?? '', /Your group has all the signatures it needs/);
          await checkBothWidths(page, `group-complete-${viewport.width}`);
        } finally {
          await page.close();
        }
      });

      it(`a signer assigns their step to someone else, who signs from their own mail; the old link says so (${viewport.width} px)`, async () => {
        const first = `ada-${viewport.width}@example.test`;
        const deputy = `bob-${viewport.width}@example.test`;
        const { envelope_id } = await create([{ name: 'Ada Original', email: first, fields: [signature(600)] }], { allow_reassign: true });
        const oldLink = await invitationLink(first);
        const { page, errors } = await openInvitation(browser, sink, server.url, first, viewport);
        try {
          await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
          await page.locator('[data-testid=more-actions]').click();
          await page.locator('[data-testid=action-reassign]').click();
          await page.locator('[data-testid=reassign-dialog]').waitFor();
          await page.locator('[data-testid=reassign-name]').fill('Bob Deputy');
          await page.locator('[data-testid=reassign-email]').fill(deputy);
          await page.locator('[data-testid=reassign-reason]').fill('On leave');
          await checkBothWidths(page, `reassign-dialog-${viewport.width}`);
          await page.locator('[data-testid=reassign-confirm]').click();
          await page.locator('[data-testid=state-reassigned]').waitFor({ timeout: 15_000 });
          assert.match((await page.locator('h1').textContent()) ?? '', /Reassigned to Bob Deputy/);
          assert.deepEqual(errors, []);
        } finally {
          await page.close();
        }
        await server.service.worker.drain();
        const bob = await openInvitation(browser, sink, server.url, deputy, viewport);
        try {
          await waitForRenderedCanvas(bob.page, 'canvas.pdf-canvas');
          await signWithDrawnSignature(bob.page);
        } finally {
          await bob.page.close();
        }
        const old = await browser.newPage({ viewport });
        try {
          await old.goto(oldLink);
          await old.locator('[data-testid=state-reassigned]').waitFor({ timeout: 15_000 });
          await checkBothWidths(old, `reassigned-old-link-${viewport.width}`);
        } finally {
          await old.close();
        }
        const details = await status(envelope_id);
        assert.equal(details.recipients.signers[0].email, deputy);
        assert.equal(details.recipients.signers[0].status, 'Signed');
      });

      it(`an in-person signing: the host hands the device over, the signer signs, and hands it back (${viewport.width} px)`, async () => {
        const { envelope_id } = await create([
          {
            name: 'Ingrid Inperson',
            email: `ingrid-${viewport.width}@example.test`,
            role: 'in_person',
            host_email: sender.email,
            fields: [signature(600)],
          },
        ]);
        const details = await status(envelope_id);
        const recipientId = details.recipients.signers[0].recipient_id;
        const started = await server.call('POST', `/api/v2.0/envelopes/${envelope_id}/recipients/${recipientId}/in_person_url`, {
          token: sender.token,
        });
        assert.equal(started.status, 201, JSON.stringify(started.body));
        const page: Page = await browser.newPage({ viewport });
        const errors = recordErrors(page);
        try {
          await page.goto(onServer(server.url, started.body.data.url));
          await page.locator('[data-testid=hand-over]').waitFor({ timeout: 15_000 });
          assert.match((await page.locator('h1').textContent()) ?? '', /Hand the device to Ingrid Inperson/);
          await checkBothWidths(page, `in-person-hand-over-${viewport.width}`);
          await page.locator('[data-testid=hand-over-start]').click();
          await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
          assert.equal(await page.locator('[data-testid=more-actions]').count(), 0, 'no hand-over or send-back on the host’s device');
          await page.locator('.field-mark').first().click();
          await page.locator('[data-testid=adopt-signature]').waitFor();
          await page.keyboard.press('Escape');
          await checkBothWidths(page, `in-person-signing-${viewport.width}`);
          await page.locator('.field-mark').first().click();
          await page.locator('[data-testid=signature-pad]').waitFor();
          const { drawSignature } = await import('./gestures.js');
          await drawSignature(page);
          await page.locator('[data-testid=adopt-signature]').click();
          await page.locator('[data-testid=consent-checkbox]').check();
          await page.locator('[data-testid=finish-button]').click();
          await page.locator('[data-testid=state-signed]').waitFor({ timeout: 15_000 });
          assert.match((await page.locator('h1').textContent()) ?? '', /hand the device back/);
          await checkBothWidths(page, `in-person-hand-back-${viewport.width}`);
          assert.deepEqual(errors, []);
        } finally {
          await page.close();
        }
      });

      it(`conditional fields appear when a box is ticked and for a radio choice; hidden ones are not sent (${viewport.width} px)`, async () => {
        const email = `cora-${viewport.width}@example.test`;
        const { envelope_id } = await create([
          {
            name: 'Cora Conditional',
            email,
            fields: [
              signature(650),
              { type: 'checkbox', page: 1, x: 72, y: 400, width: 16, height: 16, name: 'agree', placeholder: 'has_vat', required: false },
              {
                type: 'text',
                page: 1,
                x: 72,
                y: 440,
                width: 200,
                height: 20,
                placeholder: 'vat_number',
                show_if: { field: 'agree', equals: true },
              },
              {
                type: 'radio',
                page: 1,
                x: 72,
                y: 500,
                width: 260,
                height: 24,
                name: 'plan',
                placeholder: 'billing',
                options: ['Monthly', 'Yearly'],
                required: true,
              },
              {
                type: 'text',
                page: 1,
                x: 72,
                y: 560,
                width: 200,
                height: 20,
                placeholder: 'po_number',
                show_if: { field: 'plan', equals: 'Yearly' },
              },
            ],
          },
        ]);
        const { page, errors } = await openInvitation(browser, sink, server.url, email, viewport);
        try {
          await waitForRenderedCanvas(page, 'canvas.pdf-canvas');
          assert.equal(await page.locator('[data-testid=field-vat_number]').count(), 0, 'hidden until the box is ticked');
          assert.equal(await page.locator('[data-testid=field-po_number]').count(), 0);
          await page.locator('[data-testid=field-has_vat]').check();
          await page.locator('[data-testid=field-vat_number]').fill('DE123456789');
          const monthly = page.getByRole('radio', { name: 'Monthly' });
          await monthly.check();
          await monthly.press('ArrowRight');
          assert.equal(await page.getByRole('radio', { name: 'Yearly' }).isChecked(), true, 'the arrow keys move the choice');
          await page.locator('[data-testid=field-po_number]').fill('PO-7');
          await checkBothWidths(page, `conditional-shown-${viewport.width}`);
          await page.getByRole('radio', { name: 'Monthly' }).check();
          assert.equal(await page.locator('[data-testid=field-po_number]').count(), 0, 'hidden again by the other choice');
          await signWithDrawnSignature(page);
          assert.deepEqual(errors, []);
        } finally {
          await page.close();
        }
        const values = await server.service.ctx.db
          .selectFrom('fields')
          .select(['placeholder', 'value'])
          .where('envelope_id', '=', envelope_id)
          .execute();
        const valueOf = (placeholder: string) => values.find((field) => field.placeholder === placeholder)?.value ?? null;
        assert.equal(valueOf('vat_number'), 'DE123456789');
        assert.equal(valueOf('billing'), 'Monthly');
        assert.equal(valueOf('po_number'), null, 'the hidden field was not sent');
      });
    }
  },
  { database: 'sqlite', smtpSink: true },
);
