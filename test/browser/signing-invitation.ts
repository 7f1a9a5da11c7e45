import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { linksIn, type SmtpSink } from '../support/smtp-sink.js';
import { onServer } from './chromium.js';

/** Script errors and console errors (a CSP violation is reported there) from the moment a page opens. */
export const recordErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
};

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
