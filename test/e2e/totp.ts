import { createHmac } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

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
