import { MOBILE_SIGN_IN_KEY, MOBILE_WALLET_PENDING_KEY, readMobileSignInAttempt } from '@latchkey/headless/mobile';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { createSandboxClient, signInThroughApi, uniqueEmail } from '../../test/sandboxClient.js';
import { UserMenu } from './UserMenu.js';

/**
 * Back from a mobile wallet with a link under way (a full page load, still signed in): the user menu opens by itself
 * on its Wallets view, whose list finishes the return. The happy path over the two redirects runs in Chromium
 * (test/e2e/userMenu.test.ts) and in the hook's test; here the refusals: each shows its SPEC words and links nothing.
 */
afterEach(() => window.history.replaceState(null, '', '/'));

async function backFromWallet(options: { purpose: 'signIn' | 'link'; pending?: { id: string; createdAt: number }; query: string }) {
  const { client, sandboxUrl } = await createSandboxClient();
  const email = uniqueEmail('mobile-link');
  await signInThroughApi(client, sandboxUrl, email);
  client.storage.set(MOBILE_SIGN_IN_KEY, {
    purpose: options.purpose,
    links: { key: 'phantom', name: 'Phantom', universal: `${sandboxUrl}/sandbox/mobile-wallet/phantom/ul/` },
    createdAt: Date.now(),
  });
  if (options.pending) client.storage.set(MOBILE_WALLET_PENDING_KEY, { ...options.pending, kind: 'connect', wallet: 'phantom', dappPublicKey: 'x', dappSecretKey: 'y' });
  window.history.replaceState(null, '', `/rewards?${options.query}`);
  render(
    <LatchkeyUIProvider client={client}>
      <UserMenu />
    </LatchkeyUIProvider>,
  );
  return { client, email };
}

const blockchainCredentials = (client: Awaited<ReturnType<typeof createSandboxClient>>['client']) =>
  (client.session.getSnapshot().context.user?.verifiedCredentials ?? []).filter((credential) => credential.format === 'blockchain');

describe('the user menu finishes a mobile link after the page comes back', () => {
  it.each([
    ['a foreign return (a request this browser never sent)', undefined, 'latchkey_mobile_request=foreign&nonce=n&data=d', 'This wallet reply was already used or never requested; nothing was changed.', true],
    ['a stale return', { id: 'awaited', createdAt: Date.now() - 60 * 60 * 1000 }, 'latchkey_mobile_request=awaited&nonce=n&data=d', 'This wallet reply came too late; nothing was changed. Start again.', false],
    ['the wallet refusing', { id: 'awaited', createdAt: Date.now() }, 'latchkey_mobile_request=awaited&errorCode=4001&errorMessage=No', 'User rejected request', false],
  ] as const)('error: %s — the menu opens on Wallets with the refusal; nothing is linked', async (_, pending, query, message, attemptKept) => {
    const { client } = await backFromWallet({ purpose: 'link', ...(pending ? { pending } : {}), query });
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ }, { timeout: 10_000 });
    expect(within(menu).getByRole('heading', { name: 'Wallets', level: 2 })).toBeInTheDocument();
    await waitFor(() => expect(within(menu).getByRole('alert')).toHaveTextContent(message), { timeout: 10_000 });
    // The wallet list that took the return is open under the linked wallets (its step or refusal shows there).
    expect(within(menu).getByRole('list', { name: 'Wallets' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(blockchainCredentials(client)).toEqual([]);
    // A foreign reply leaves the attempt under way as it was (the awaited reply may still come); the others end it.
    expect(readMobileSignInAttempt(client.storage) !== undefined).toBe(attemptKept);
  });

  it("default: a sign-in's return (not a link) does not open the signed-in user's menu", async () => {
    const { email } = await backFromWallet({ purpose: 'signIn', query: 'latchkey_mobile_request=any&nonce=n&data=d' });
    await screen.findByRole('button', { name: `Account: ${email}` }, { timeout: 10_000 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(window.location.search).toBe('?latchkey_mobile_request=any&nonce=n&data=d');
  });
});
