import { createHmac } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { latestCode, wrongCode } from './sandbox.js';

/** RFC 6238 (SHA-1, 6 digits, 30 s) for the step of `atMs`, from a base32 secret — what an authenticator app shows. */
export function totp(secret: string, atMs: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/\s/g, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(atMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[19] as number) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/**
 * A code the sandbox has not seen, once the code of `usedAtMs`'s step was spent (a code is good once): the next step's
 * while the clock is still in that step (accepted within ±1 step), else the current step's. Compute it when it is typed:
 * the next step's code computed at enrolment stops working a minute or so later, which a slow machine can reach.
 */
export function unusedTotp(secret: string, usedAtMs: number): string {
  return totp(secret, Math.max(Date.now(), usedAtMs + 30_000));
}

/**
 * Sets up an authenticator app from the open user menu, as a user would: starts enrolment, reads the secret the
 * page shows, types the current code. Returns the secret and when the code was computed.
 */
export async function enrolTotp(page: Page): Promise<{ secret: string; enrolledAt: number }> {
  const enrolment = page.getByRole('region', { name: 'Two-step sign-in' });
  await enrolment.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secretText = enrolment.getByTestId('totp-secret');
  await expect.poll(() => secretText.isVisible(), { timeout: 10_000 }).toBe(true);
  const secret = ((await secretText.textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const enrolledAt = Date.now();
  await enrolment.getByLabel('Authentication code').fill(totp(secret, enrolledAt));
  await enrolment.getByRole('button', { name: 'Verify' }).click();
  await expect.poll(() => enrolment.textContent(), { timeout: 10_000 }).toContain('Authenticator app added.');
  return { secret, enrolledAt };
}

/**
 * Adds an authenticator app to `email`'s account from another session (signed in through the API, as on another
 * device). The session that verifies a device has passed a second factor; the page's session has passed none, so its
 * next security change asks "Confirm it's you". Returns the secret and when the enrolment's code was computed.
 */
export async function enrolTotpElsewhere(email: string): Promise<{ secret: string; enrolledAt: number }> {
  const base = inject('e2eSandboxUrl');
  const { environmentId } = (await (await fetch(`${base}/sandbox/info`)).json()) as { environmentId: string };
  const call = async <T>(method: string, path: string, body?: unknown, jwt?: string): Promise<T> => {
    const response = await fetch(`${base}/api/v0/sdk/${environmentId}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(jwt ? { authorization: `Bearer ${jwt}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { verificationUUID } = await call<{ verificationUUID: string }>('POST', '/emailVerifications/create', { email });
  const { jwt } = await call<{ jwt: string }>('POST', '/emailVerifications/signin', { verificationUUID, verificationToken: await latestCode(email) });
  const { id, secret } = await call<{ id: string; secret: string }>('GET', '/users/mfa/register/totp', undefined, jwt);
  const enrolledAt = Date.now();
  await call('POST', '/users/mfa/register/totp', { id, code: totp(secret, enrolledAt) }, jwt);
  return { secret, enrolledAt };
}

/**
 * Answers "Confirm it's you" (`prompt`) with the authenticator app `enrolTotpElsewhere` added: first a wrong code, said
 * as 'Invalid code' while the prompt stays (`onWrong` runs then: save the screen), then the app's next code (the
 * enrolment spent this step's).
 */
export async function stepUpWrongThenRight(prompt: Locator, app: { secret: string; enrolledAt: number }, onWrong: () => Promise<void>): Promise<void> {
  const codeField = prompt.getByLabel('Authentication code');
  await codeField.fill(wrongCode(unusedTotp(app.secret, app.enrolledAt)));
  await prompt.getByRole('button', { name: 'Verify' }).click();
  await expect.poll(() => prompt.getByRole('alert').textContent(), { timeout: 10_000 }).toBe('Invalid code');
  await onWrong();
  await codeField.fill(unusedTotp(app.secret, app.enrolledAt));
  await prompt.getByRole('button', { name: 'Verify' }).click();
}
