import { chromium, type Browser } from 'playwright-core';

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
