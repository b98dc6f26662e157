import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient, uniqueEmail } from '../../test/sandboxClient.js';
import { EmailSignIn } from './EmailSignIn.js';

const sandboxUrl = inject('sandboxUrl');
const putRateLimit = (perRecipient: { limit: number; windowSeconds: number }) =>
  fetch(`${sandboxUrl}/sandbox/admin/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ security: { rateLimits: { emailVerification: { perRecipient } } } }),
  }).then((response) => {
    if (!response.ok) throw new Error(`settings: ${response.status}`);
  });

// One code per address per 3 seconds, for this test only (the sandbox is shared: short, then the defaults again).
beforeAll(() => putRateLimit({ limit: 1, windowSeconds: 3 }));
afterAll(() => putRateLimit({ limit: 20, windowSeconds: 600 }));

describe('EmailSignIn (against the sandbox): rate limits', () => {
  it("behavior: a resend over the limit reads as the spec's sentence; 'Resend code' counts down from Retry-After, then sends again", async () => {
    const { client } = await createSandboxClient();
    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <EmailSignIn />
      </LatchkeyUIProvider>,
    );
    const email = uniqueEmail('rate-limit');
    await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByLabelText('Verification code', {}, { timeout: 10_000 });
    const inbox = async () => ((await (await fetch(`${sandboxUrl}/sandbox/inbox?to=${encodeURIComponent(email)}`, { headers: { accept: 'application/json' } })).json()) as unknown[]).length;
    expect(await inbox()).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Too many email verification attempts.');
    const waiting = await screen.findByRole('button', { name: /^Resend code in [1-3] s$/ });
    expect(waiting).toHaveAttribute('aria-disabled', 'true');
    await user.click(waiting);
    expect(await inbox()).toBe(1);

    // The countdown ends by itself; then a new code goes out.
    const ready = await screen.findByRole('button', { name: 'Resend code' }, { timeout: 6_000 });
    expect(ready).not.toHaveAttribute('aria-disabled');
    await user.click(ready);
    expect(await screen.findByText(`We sent a new code to ${email}.`, {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(async () => expect(await inbox()).toBe(2));
  });
});
