import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, never a downloaded one (FACTS.md). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How long one Playwright step (a click, a `textContent`, a navigation) may wait unless it names its own timeout. Below
 * the e2e lane's 60 s test timeout: a step that never finishes fails with its own name and locator ("locator.click:
 * Timeout 20000ms exceeded … waiting for getByRole('button', …)") instead of the bare test timeout, which names nothing.
 */
export const STEP_TIMEOUT_MS = 20_000;

/** Every browser a test file launched and has not closed: a failed test's pages are saved from them (`failureSnapshots`). */
export const launchedBrowsers = new Set<Browser>();

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
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
  // Every context a test opens (and so every page in it) gets the step timeout; `browser.newPage` goes through here too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
    return context;
  };
  launchedBrowsers.add(browser);
  browser.on('disconnected', () => launchedBrowsers.delete(browser));
  return browser;
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
