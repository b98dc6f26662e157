import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchChromium, screenshot, watchConsole } from './browser.js';
import { patchSettings, resetSettings, uniqueEmail } from './sandbox.js';

/**
 * The access gate (SPEC §6) for e-mail sign-in in Chromium through the built demo: a blocked domain and an allow list
 * that leaves the address out each reach the dialog as SPEC §8's sentence with the project's picture for the case:
 * `general.imageUserInAccessList` for the blocked address (it is on the list, as blocked), `general.imageUserNotInAccessList`
 * for the one the allow list leaves out. The images' https URLs are answered by the browser context itself
 * (page.route): nothing leaves the machine.
 */
const IMAGE_URL = 'https://cdn.latchkey-e2e.test/not-in-list.svg';
const IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100" viewBox="0 0 160 100"><rect width="160" height="100" rx="12" fill="#fde68a"/><path d="M60 30h40v40H60z" fill="#b45309"/></svg>`;
const BLOCKED_IMAGE_URL = 'https://cdn.latchkey-e2e.test/in-list-blocked.svg';
const BLOCKED_IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="100" viewBox="0 0 160 100"><rect width="160" height="100" rx="12" fill="#fecaca"/><path d="M55 50h50" stroke="#b91c1c" stroke-width="12" stroke-linecap="round"/></svg>`;
let browser: Browser;

async function accessList(method: 'PUT' | 'DELETE', body?: unknown): Promise<void> {
  const response = await fetch(`${inject('e2eSandboxUrl')}/sandbox/admin/access-list`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`access list answered ${response.status}`);
}

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await accessList('DELETE');
  await resetSettings();
});

async function tryEmail(theme: 'light' | 'dark', email: string): Promise<Page> {
  await patchSettings({ design: { modal: { theme } }, general: { imageUserNotInAccessList: IMAGE_URL, imageUserInAccessList: BLOCKED_IMAGE_URL } });
  const context = await browser.newContext({ colorScheme: theme, viewport: { width: 1024, height: 760 } });
  const page = await context.newPage();
  await page.route(IMAGE_URL, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: IMAGE }));
  await page.route(BLOCKED_IMAGE_URL, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: BLOCKED_IMAGE }));
  await page.goto(inject('demoUrl'));
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible(), { timeout: 15_000 }).toBe(true);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email or phone number').fill(email);
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click();
  return page;
}

describe.each(['light', 'dark'] as const)('access gate (%s)', (theme) => {
  test("a blocked e-mail domain: 'This address is blocked by the gate' with the project's image; no code is sent", async () => {
    await accessList('PUT', { address: '@gated.example', action: 'block' });
    const email = uniqueEmail(`e2e-gate-${theme}`).replace('@example.test', '@gated.example');
    const page = await tryEmail(theme, email);
    const problems = watchConsole(page);
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 10_000 }).toContain('This address is blocked by the gate');
    const image = dialog.locator('[data-access-denied="address_blocked_by_gate"] img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await image.getAttribute('src')).toBe(BLOCKED_IMAGE_URL);
    await screenshot(page, `access-01-blocked-${theme}`);
    const inbox = await fetch(`${inject('e2eSandboxUrl')}/sandbox/inbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } });
    expect(await inbox.json()).toEqual([]);
    expect(problems.filter((line) => !line.includes('403'))).toEqual([]);
    await page.context().close();
  });

  test("an allow list without the address: 'This address is not approved for access'", async () => {
    await accessList('PUT', { address: 'someone-else@example.test', action: 'allow' });
    const page = await tryEmail(theme, uniqueEmail(`e2e-allow-${theme}`));
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 10_000 }).toContain('This address is not approved for access');
    expect(await dialog.locator('[data-access-denied="address_not_approved"] img').getAttribute('src')).toBe(IMAGE_URL);
    await screenshot(page, `access-02-not-approved-${theme}`);
    await page.context().close();
  });
});
