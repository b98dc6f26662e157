import { inject } from 'vitest';

/** Small clients of the sandbox-only routes the e2e tests use. */

export async function latestCode(to: string): Promise<string> {
  const response = await fetch(`${inject('e2eSandboxUrl')}/sandbox/inbox?to=${encodeURIComponent(to)}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  const messages = (await response.json()) as Array<{ code: string | null; to: string }>;
  const code = messages[0]?.code;
  if (!code) throw new Error(`no code in the inbox for ${to}`);
  return code;
}

export async function patchSettings(partial: unknown): Promise<void> {
  const response = await fetch(`${inject('e2eSandboxUrl')}/sandbox/admin/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(partial),
  });
  if (!response.ok) throw new Error(`admin settings answered ${response.status}: ${await response.text()}`);
}

/** Puts the project settings back to the sandbox's seed, so one test file's changes never leak into the next. */
export async function resetSettings(): Promise<void> {
  const response = await fetch(`${inject('e2eSandboxUrl')}/sandbox/admin/reset-settings`, { method: 'POST' });
  if (!response.ok) throw new Error(`reset settings answered ${response.status}: ${await response.text()}`);
}

/**
 * Forgets what the rate limits have counted: every window starts empty. A test that sets a tight limit calls it after,
 * so the Retry-After it sees is measured from its own requests, not from whichever earlier test's came first.
 */
export async function clearRateLimits(): Promise<void> {
  const response = await fetch(`${inject('e2eSandboxUrl')}/sandbox/admin/rate-limits`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`clearing rate limits answered ${response.status}: ${await response.text()}`);
}

let counter = 0;
/** A fresh address per test so inbox lookups and attempt limits never cross. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.test`;
}

/** A code that is certainly wrong: the right one with its last digit changed. */
export function wrongCode(code: string): string {
  const last = Number(code.at(-1));
  return code.slice(0, -1) + String((last + 1) % 10);
}

let phoneCounter = 0;
/** A fresh valid UK mobile number per test: national digits (`7400…`, no leading 0) and its E.164. */
export function uniquePhone(): { national: string; e164: string; spaced: string } {
  phoneCounter += 1;
  const national = `7400${String((Date.now() % 900_000) + 100_000 + phoneCounter).slice(-6)}`;
  return { national, e164: `+44${national}`, spaced: `${national.slice(0, 4)} ${national.slice(4)}` };
}
