import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { linksIn, type SmtpSink } from '../support/smtp-sink.js';
import { onServer, recordErrors } from './chromium.js';

/** Opens the signing link of the invitation mailed to `email` in a new page, and waits for the envelope to show. */
export const openInvitation = async (
  browser: Browser,
  sink: SmtpSink,
  serverUrl: string,
  email: string,
  viewport: { width: number; height: number },
): Promise<{ page: Page; errors: string[] }> => {
  const mail = await sink.waitFor((m) => JSON.stringify(m.to ?? '').includes(email), 10_000);
  const link = linksIn(mail).find((url) => /\/sign\//.test(url));
  assert.ok(link, `the invitation to ${email} links to the signing page`);
  const page = await browser.newPage({ viewport });
  const errors = recordErrors(page);
  await page.goto(onServer(serverUrl, link));
  await page.locator('[data-testid=envelope-name]').waitFor({ timeout: 15_000 });
  return { page, errors };
};
