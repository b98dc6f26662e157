import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { KitFailure } from '../packages/ui/src/KitErrorBoundary/KitErrorBoundary.js';
import { Loading } from '../packages/ui/src/Loading.js';
import { UserMenuView } from '../packages/ui/src/screens/UserMenu/UserMenuView.js';
import { LinkedWallets, type LinkedWalletItem } from '../packages/ui/src/screens/UserMenu/LinkedWallets.js';
import { expectAccessible } from './a11y.js';
import { linkedAccountsArgs } from './menuFixtures.js';
import { walletFlow } from './signInFixtures.js';
import {
  PasskeyManagerView,
  SolanaBalances,
  WalletPanelView,
  type SolanaBalanceItem,
  type WalletFlowModel,
  type WalletListItem,
  type WalletPanelScreen,
} from '../packages/ui/src/flows/index.js';
import { passkeyManagerFlow, samplePasskeys } from './fixtures.js';

/** The signed-in user's menu: a header, Home and the views it opens (Wallets, Security, Account), Back, a footer. */
const address = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
const balances: SolanaBalanceItem[] = [
  { address: 'So11111111111111111111111111111111111111112', isNative: true, name: 'Solana', symbol: 'SOL', decimals: 9, rawBalance: 1_500_000_000n, balance: '1.5' },
];

/** The embedded wallet's panel as the menu's Home shows it (its key actions go to Security). */
function Wallet() {
  const [screen, setScreen] = useState<WalletPanelScreen>('home');
  return (
    <WalletPanelView label="Embedded wallet" address={address} screen={screen} onScreen={setScreen} canSend canExport canRecover>
      {screen === 'home' ? <SolanaBalances status="ready" balances={balances} showFiat={false} onRefresh={fn()} /> : <p>{screen}</p>}
    </WalletPanelView>
  );
}

const wallets = (
  <LinkedWallets
    wallets={[
      { id: 'w1', address, wallet_name: 'phantom' },
      { id: 'w2', address: '9yaWxR2a3b4c5d6e7f8g9h1i2j3k4m5n6p7q8r9s8Q9R', wallet_name: 'solflare' },
    ]}
    canUnlink
    onMakePrimary={fn()}
    onUnlink={fn()}
  />
);

const meta = {
  title: 'Screens/UserMenu',
  component: UserMenuView,
  args: { email: 'ada@example.com', onSignOut: fn(), onSignOutEverywhere: fn() },
} satisfies Meta<typeof UserMenuView>;

export default meta;
type Story = StoryObj<typeof meta>;

const menu = () => screen.findByRole('dialog', { name: /^Signed in as/ });

export const Closed: Story = {
  play: async ({ canvasElement, args }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Account: ada@example.com' });
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expectAccessible();
    await userEvent.click(trigger);
    await userEvent.click(within(await menu()).getByRole('button', { name: 'Sign out' }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async ({ args }) => {
    await expect(await menu()).toHaveTextContent('ada@example.com');
    // Under Sign out: ending every session of the user, on every device.
    await userEvent.click(within(await menu()).getByRole('button', { name: 'Sign out of all devices' }));
    await expect(args.onSignOutEverywhere).toHaveBeenCalledTimes(1);
    await expectAccessible();
  },
};

export const OpenDark: Story = { ...Open, globals: { theme: 'dark' } };

/** Home with the wallet: header (copy, network), balances, Send and Receive, the views, links and Sign out. */
export const Home: Story = {
  args: {
    defaultOpen: true,
    displayName: 'Ada Lovelace',
    address,
    network: 'Localnet',
    links: [{ label: 'Help centre', url: 'https://acme.example/help' }],
    children: <Wallet />,
    views: { wallets, security: <PasskeyManagerView flow={passkeyManagerFlow({ passkeys: samplePasskeys })} />, account: <p>Add email</p> },
  },
  play: async () => {
    const dialog = await menu();
    await expect(within(dialog).getByRole('button', { name: 'Copy address' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Send' })).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Receive' })).toBeVisible();
    // Key actions are not on Home.
    await expect(within(dialog).queryByRole('button', { name: 'Export key' })).toBeNull();
    await expectAccessible();
  },
};

export const HomeDark: Story = { ...Home, globals: { theme: 'dark' } };

/** The phone layout: a bottom sheet. */
export const HomePhone: Story = { ...Home, args: { ...Home.args, layout: 'sheet' } };

export const HomePhoneDark: Story = { ...HomePhone, globals: { theme: 'dark' } };

export const Wallets: Story = {
  args: { defaultOpen: true, defaultView: 'wallets', views: { wallets } },
  play: async () => {
    const dialog = await menu();
    await expect(within(dialog).getByRole('heading', { name: 'Wallets', level: 2 })).toBeVisible();
    await expect(within(dialog).getByText('Primary')).toBeVisible();
    await expectAccessible();
  },
};

export const WalletsDark: Story = { ...Wallets, globals: { theme: 'dark' } };

/** Security while the menu's flows (passkeys, two-step sign-in) are still on their way: the connected menu's 'Loading…'. */
export const SecurityLoading: Story = {
  args: { defaultOpen: true, defaultView: 'security', views: { security: <Loading /> } },
  play: async () => {
    const dialog = await menu();
    const view = dialog.querySelector<HTMLElement>('[data-menu-view="security"]');
    await expect(view?.querySelector('[aria-hidden="true"]')).not.toBeNull();
    // The spinner is decoration; the words are what a screen reader announces.
    await expect(within(view!).getByRole('status')).toHaveTextContent('Loading…');
    await expect(within(dialog).queryByRole('region', { name: 'Passkeys' })).toBeNull();
    await expectAccessible();
  },
};

const retryFlows = fn().mockName('retry');

/** Security when the menu's flows could not be fetched (offline): the sentence and Retry, which fetches them again. */
export const SecurityFailed: Story = {
  args: {
    defaultOpen: true,
    defaultView: 'security',
    views: { security: <KitFailure area="security" message="Something went wrong." retryLabel="Retry" onRetry={retryFlows} /> },
  },
  play: async () => {
    retryFlows.mockClear();
    const dialog = await menu();
    const failure = within(dialog).getByRole('alert');
    await expect(failure).toHaveTextContent('Something went wrong.');
    await expectAccessible();
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    await expect(retryFlows).toHaveBeenCalledOnce();
  },
};

export const SecurityFailedDark: Story = { ...SecurityFailed, globals: { theme: 'dark' } };

/** Security: passkeys, then the embedded wallet's key actions (the panel on Home puts them here). */
export const Security: Story = {
  args: { ...Home.args, defaultView: 'security' },
  play: async () => {
    const dialog = await menu();
    await expect(within(dialog).getByRole('region', { name: 'Passkeys' })).toBeVisible();
    const keys = await within(dialog).findByRole('region', { name: 'Wallet key' });
    await expect(within(keys).getByRole('button', { name: 'Export key' })).toBeVisible();
    // Home (the wallet, the list of views) stays mounted underneath but is not shown.
    const home = dialog.querySelector<HTMLElement>('[data-menu-view="home"]');
    await expect(home && getComputedStyle(home).display).toBe('none');
    await expect(within(dialog).queryByRole('button', { name: 'Sign out' })).toBeNull();
    await expectAccessible();
    // A key action opens the wallet's screen on Home.
    await userEvent.click(within(keys).getByRole('button', { name: 'Export key' }));
    await expect(within(dialog).getByRole('region', { name: 'Embedded wallet' })).toHaveAttribute('data-screen', 'export');
  },
};

export const SecurityDark: Story = { ...Security, play: undefined, globals: { theme: 'dark' } };

export const SecurityPhone: Story = { ...Security, play: undefined, args: { ...Security.args, layout: 'sheet' } };

export const OpenWithLinks: Story = {
  args: {
    defaultOpen: true,
    links: [
      { label: 'Help centre', url: 'https://acme.example/help' },
      { label: 'Rewards terms', url: 'https://acme.example/rewards-terms' },
    ],
  },
  play: async () => {
    await expect(within(await menu()).getByRole('link', { name: 'Help centre' })).toHaveAttribute('target', '_blank');
    await expectAccessible();
  },
};

export const SigningOut: Story = {
  args: { defaultOpen: true, isSigningOut: true },
};

export const SignOutFailed: Story = {
  args: { defaultOpen: true, error: { message: 'Rate limit reached' } },
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('Rate limit reached');
  },
};

export const LinkedAccounts: Story = {
  args: { defaultOpen: true, defaultView: 'account', ...linkedAccountsArgs },
  play: async () => {
    const dialog = await menu();
    await expect(within(dialog).getAllByRole('listitem').find((row) => row.textContent?.startsWith('GitHub'))).toHaveTextContent('GitHubada-gh@example.comUnlink');
    await expectAccessible();
  },
};

export const LinkedAccountsDark: Story = { ...LinkedAccounts, globals: { theme: 'dark' } };

/** "Link another account": one row per provider the user may still link. */
export const LinkAnotherAccount: Story = {
  args: { defaultOpen: true, defaultView: 'linkAccount', ...linkedAccountsArgs },
  play: async ({ args }) => {
    const dialog = await menu();
    await expectAccessible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link Apple' }));
    await expect(args.onLink).toHaveBeenCalledWith('apple');
  },
};

export const LinkAnotherAccountPhone: Story = { ...LinkAnotherAccount, play: undefined, args: { ...LinkAnotherAccount.args, layout: 'sheet' } };

export const UnlinkRefused: Story = {
  args: {
    defaultOpen: true,
    defaultView: 'account',
    linkedAccounts: [{ id: 'cred-google', provider: 'google', label: 'ada@example.com' }],
    onUnlink: fn(),
    linkError: { message: 'You cannot unlink your only sign-in method.' },
  },
  play: async () => {
    await expect(within(await menu()).getByRole('alert')).toHaveTextContent('You cannot unlink your only sign-in method.');
    await expectAccessible();
  },
};

/** Display settings supportText, supportEmail and supportUrls: help above "Sign out". */
export const OpenWithSupport: Story = {
  args: {
    defaultOpen: true,
    support: { text: 'Stuck? Our team answers within a day.', email: 'help@acme.example', urls: ['https://help.acme.example/faq'], rejected: [] },
  },
  play: async () => {
    const help = within(await menu()).getByRole('navigation', { name: 'Help' });
    await expect(within(help).getByRole('link', { name: 'Email help@acme.example' })).toHaveAttribute('href', 'mailto:help@acme.example');
    await expectAccessible();
  },
};

export const OpenWithSupportDark: Story = { ...OpenWithSupport, globals: { theme: 'dark' } };

/** Home right to left (Arabic): the header, the balances (amounts on the left) and the view rows mirror. */
export const HomeRtl: Story = {
  ...Home,
  globals: { locale: 'ar' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: /^مسجّل الدخول باسم/ });
    await expect(dialog.closest('[data-latchkey-root]')).toHaveAttribute('dir', 'rtl');
    await expect(within(dialog).getByRole('button', { name: 'تسجيل الخروج' })).toBeVisible();
    await expectAccessible();
  },
};

export const HomeRtlDark: Story = { ...HomeRtl, globals: { locale: 'ar', theme: 'dark' } };

export const HomeRtlPhone: Story = { ...HomeRtl, args: { ...Home.args, layout: 'sheet' } };

/** The Security view right to left: Back on the right, its arrow pointing right. */
export const SecurityRtl: Story = { ...Security, play: undefined, globals: { locale: 'ar' } };

export const SecurityRtlDark: Story = { ...Security, play: undefined, globals: { locale: 'ar', theme: 'dark' } };

// Linking a mobile wallet from the Wallets view (useWalletSignIn's mobile rows with purpose "link"): the list while
// signed in, waiting for the wallet, back from it, linked, refused — on a phone (the sheet), light and dark; the
// desktop's QR code; right to left.

const BROWSE = 'https://phantom.app/ul/browse/https%3A%2F%2Facme.example%2F?ref=https%3A%2F%2Facme.example';
const phoneRows: WalletListItem[] = [
  { key: 'phantom', name: 'Phantom', installed: false, connectVia: 'mobileRedirect', mobileUrl: BROWSE },
  { key: 'solflare', name: 'Solflare', installed: false, connectVia: 'mobileRedirect', mobileUrl: 'https://solflare.com/ul/v1/browse/x' },
  { key: 'backpacksol', name: 'Backpack', installed: false, connectVia: 'mobileBrowse', mobileUrl: 'https://backpack.app/ul/v1/browse/x' },
];
const desktopRows: WalletListItem[] = [
  { key: 'phantom', name: 'Phantom', installed: false, connectVia: 'qrCode', mobileUrl: BROWSE, installUrl: 'https://chromewebstore.google.com/detail/bfnaelmomeimhlpmgjnjophhpkkoljpa' },
  { key: 'solflare', name: 'Solflare', installed: false, connectVia: 'qrCode', mobileUrl: 'https://solflare.com/ul/v1/browse/x', installUrl: 'https://chromewebstore.google.com/detail/bhhhlbepdkbapadjdnnojkbgioiodbic' },
];
const embedded: LinkedWalletItem = { id: 'w-embedded', address, wallet_name: 'turnkeyhd', canUnlink: false };
const linkedPhantom: LinkedWalletItem = { id: 'w-phantom', address: '9yaWxR2a3b4c5d6e7f8g9h1i2j3k4m5n6p7q8r9s8Q9R', wallet_name: 'phantom' };

const linkFlow = (overrides: Partial<WalletFlowModel> = {}): WalletFlowModel => walletFlow({ wallets: phoneRows, ...overrides });

/** The menu open on Wallets (a sheet unless `layout` says otherwise), its list of wallets to link shown. */
function linkStory(flow: WalletFlowModel, linked: LinkedWalletItem[] = [embedded], layout: 'sheet' | 'popover' = 'sheet'): Pick<Story, 'args'> {
  return {
    args: {
      defaultOpen: true,
      defaultView: 'wallets',
      layout,
      views: {
        wallets: (
          <LinkedWallets wallets={linked} canLinkMore canUnlink linkFlow={flow} known={flow.wallets} defaultLinking onMakePrimary={fn()} onUnlink={fn()} />
        ),
      },
    },
  };
}

export const LinkMobileWallet: Story = {
  ...linkStory(linkFlow()),
  play: async () => {
    const dialog = await menu();
    await expect(dialog).toHaveAttribute('data-layout', 'sheet');
    await expect(within(dialog).getByRole('heading', { name: 'Link a wallet', level: 3 })).toBeVisible();
    await expectAccessible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link Phantom' }));
    await expect(document.querySelector('[data-flow="wallet"]')).not.toBeNull();
  },
};
export const LinkMobileWalletDark: Story = { ...LinkMobileWallet, globals: { theme: 'dark' } };
export const LinkMobileWalletRtl: Story = {
  ...LinkMobileWallet,
  globals: { locale: 'ar' },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: /^مسجّل الدخول باسم/ });
    await expect(dialog.closest('[data-latchkey-root]')).toHaveAttribute('dir', 'rtl');
    await expect(within(dialog).getByRole('heading', { name: 'ربط محفظة', level: 3 })).toBeVisible();
    await expectAccessible();
  },
};

/** A desktop: the mobile wallets show their QR code (this page in the wallet), with what to do there. */
export const LinkMobileWalletDesktop: Story = {
  ...linkStory(linkFlow({ wallets: desktopRows }), [embedded], 'popover'),
  play: async () => {
    const dialog = await menu();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show the QR code for Phantom' }));
    await waitFor(() => expect(within(dialog).getByRole('img', { name: 'QR code that opens this page in Phantom' })).toBeVisible());
    await expect(within(dialog).getByTestId('mobile-wallet-qr')).toHaveTextContent('Sign in there, then link the wallet from your account.');
    await expectAccessible();
  },
};
export const LinkMobileWalletDesktopDark: Story = { ...LinkMobileWalletDesktop, globals: { theme: 'dark' } };

export const LinkWaitingForWallet: Story = {
  ...linkStory(linkFlow({ status: 'connecting', mobileStatus: 'redirecting', walletKey: 'phantom' })),
  play: async () => {
    const dialog = await menu();
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Opening Phantom… Approve the connection there; you come back here.');
    await expect(within(dialog).queryByRole('button', { name: 'Done' })).toBeNull();
    await expectAccessible();
  },
};
export const LinkWaitingForWalletDark: Story = { ...LinkWaitingForWallet, globals: { theme: 'dark' } };

export const LinkReturned: Story = {
  ...linkStory(linkFlow({ status: 'signing', mobileStatus: 'returned', walletKey: 'phantom' })),
  play: async () => {
    await expect(within(await menu()).getByRole('status')).toHaveTextContent('Connected. Opening Phantom to sign the message that links it…');
    await expectAccessible();
  },
};
export const LinkReturnedDark: Story = { ...LinkReturned, globals: { theme: 'dark' } };

export const LinkLinked: Story = {
  ...linkStory(linkFlow({ status: 'done', mobileStatus: 'signedIn', walletKey: 'phantom' }), [embedded, linkedPhantom]),
  play: async () => {
    const dialog = await menu();
    await expect(within(dialog).getByRole('status')).toHaveTextContent('Phantom is linked to your account.');
    await expect(within(within(dialog).getByRole('list', { name: 'Linked wallets' })).getAllByRole('listitem')).toHaveLength(2);
    await expectAccessible();
  },
};
export const LinkLinkedDark: Story = { ...LinkLinked, globals: { theme: 'dark' } };

export const LinkRefused: Story = {
  ...linkStory(linkFlow({ status: 'failed', mobileStatus: 'rejected', walletKey: 'phantom', error: { code: 'user_rejected_request', message: 'User rejected request' } })),
  play: async () => {
    await expect(within(await menu()).getByRole('alert')).toHaveTextContent('User rejected request');
    await expectAccessible();
  },
};
export const LinkRefusedDark: Story = { ...LinkRefused, globals: { theme: 'dark' } };

/** A reply that is not the one awaited (replayed, another request's): refused, the attempt left as it was. */
export const LinkForeignReturn: Story = {
  ...linkStory(
    linkFlow({ status: 'failed', mobileStatus: 'failed', walletKey: 'phantom', error: { code: 'mobile_wallet_return_replayed', message: 'This wallet reply was already used or never requested; nothing was changed.' } }),
  ),
  play: async () => {
    await expect(within(await menu()).getByRole('alert')).toHaveTextContent('This wallet reply was already used or never requested; nothing was changed.');
    await expectAccessible();
  },
};
