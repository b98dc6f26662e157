import type { LatchkeyClient } from '@latchkey/headless';
import { createEmailVerification, signInWithEmailVerification } from '@latchkey/headless/email';
import { createTestClient, getLatestCode } from '@latchkey/headless/testing';
import { waitFor } from '@testing-library/react';
import { expect, inject, vi } from 'vitest';

/** A fresh address per test, so inbox lookups and attempt limits never cross between tests. */
export function uniqueEmail(label: string): string {
  return `ui-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

export interface SandboxClientOptions {
  /** Rewrites the project settings as the client receives them (this client only; the sandbox is shared). */
  patchSettings?: (settings: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * A real client against the sandbox the globalSetup started, with its logger's console replaced by
 * spies (so tests can read the kit's warnings). Settings can be adjusted for this client alone.
 */
export async function createSandboxClient(options: SandboxClientOptions = {}) {
  const sandboxUrl = inject('sandboxUrl');
  const sink = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const patch = options.patchSettings;
  const fetchWithPatch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!patch || !response.ok || !new URL(url).pathname.endsWith('/settings')) return response;
    const settings = (await response.json()) as Record<string, unknown>;
    return new Response(JSON.stringify(patch(settings)), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const client: LatchkeyClient = await createTestClient({ sandboxUrl, fetch: fetchWithPatch, console: sink, logLevel: 'WARN' });
  return { client, sink, sandboxUrl };
}

export function latestCode(sandboxUrl: string, to: string): Promise<string> {
  return getLatestCode({ sandboxUrl, to });
}

/** Signs `client` in as a fresh user through the API (e-mail code from the sandbox inbox). */
export async function signInThroughApi(client: LatchkeyClient, sandboxUrl: string, email: string): Promise<void> {
  const { verificationUUID } = await createEmailVerification(client, { email });
  const verificationToken = await latestCode(sandboxUrl, email);
  const response = await signInWithEmailVerification(client, { verificationUUID, verificationToken });
  // What the e-mail flow does on success: hand the sign-in response to the session.
  client.session.send({ type: 'server.signedIn', response });
  await waitFor(() => expect(client.session.getSnapshot().matches('signedIn')).toBe(true), { timeout: 10_000 });
}

/** A fresh valid UK mobile number, national digits without the leading 0 (e.g. `7400123456`) and its E.164. */
export function uniquePhone(): { national: string; e164: string } {
  const national = `7400${String(100000 + Math.floor(Math.random() * 899999))}`;
  return { national, e164: `+44${national}` };
}

/** Signs a separate, throwaway client in by SMS as the owner of `phone` (so the number belongs to someone). */
export async function ownPhoneThroughApi(sandboxUrl: string, national: string): Promise<void> {
  const { createSmsVerification, signInWithSmsVerification } = await import('@latchkey/headless/sms');
  const { client } = await createSandboxClient();
  try {
    const { verificationUUID } = await createSmsVerification(client, { phoneCountryCode: '44', phoneNumber: national, isoCountryCode: 'GB' });
    const verificationToken = await latestCode(sandboxUrl, `+44${national}`);
    await signInWithSmsVerification(client, { verificationUUID, verificationToken });
  } finally {
    await client.destroy();
  }
}
