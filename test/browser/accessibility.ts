import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import { NARROW, WIDE } from './chromium.js';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Runs axe-core in the page and fails on any serious or critical violation. The pages' CSP
 * refuses injected <script> elements and eval, so the source is evaluated through the DevTools
 * protocol, which the CSP does not govern.
 */
export const assertAccessible = async (page: Page | Frame, label: string): Promise<void> => {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  assert.deepEqual(
    serious.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')})`,
    ),
    [],
    `${label}: axe-core found serious or critical violations`,
  );
};

/** Screenshots for a person to look at, under .test-tmp/screenshots (kept out of git). */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({ path: `.test-tmp/screenshots/${name}.png`, fullPage: true });
};

/** The page at both widths: no serious axe violation, nothing wider than a phone, and a screenshot of each for a person to look at. */
export const checkBothWidths = async (page: Page, name: string): Promise<void> => {
  await page.setViewportSize(WIDE);
  await assertAccessible(page, `${name} at 1280`);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(NARROW);
  await assertAccessible(page, `${name} at 375`);
  await screenshot(page, `${name}-375`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${name}: nothing wider than 375 px (${overflow} px too wide)`);
  await page.setViewportSize(WIDE);
};
