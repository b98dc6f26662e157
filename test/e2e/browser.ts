import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, never a downloaded one (FACTS.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const screenshotDir = fileURLToPath(new URL('../../test-results/screenshots/', import.meta.url));

/** Saves a PNG of the page under test-results/screenshots/ so a person can look at every screen. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), animations: 'disabled' });
}

/** Collects console errors and CSP violations so a test can assert the page stayed clean. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // resource failures are reported with their URL by the response listener below
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    // expected API refusals (a wrong code is a 400) are the flow's business, not a page problem
    if (response.status() >= 400 && response.request().resourceType() !== 'fetch') {
      problems.push(`${response.status()} ${response.url()}`);
    }
  });
  return problems;
}
