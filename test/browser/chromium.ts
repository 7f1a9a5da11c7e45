import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, headless: the browser tests never download one. */
export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/** The service's links carry PUBLIC_URL; the test server listens on a random port of its own. */
export const onServer = (serverUrl: string, link: string): string => {
  const url = new URL(link);
  return `${serverUrl}${url.pathname}${url.search}`;
};

/** The two widths every page is looked at: a laptop and a phone. */
export const WIDE = { width: 1280, height: 900 };
export const NARROW = { width: 375, height: 800 };

/** Script errors and console errors (a CSP violation is reported there) from the moment a page opens. */
export const recordErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
};
