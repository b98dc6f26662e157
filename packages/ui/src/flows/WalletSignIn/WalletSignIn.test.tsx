import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakeWalletFlow } from '../../test/fakeWalletFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { LinkedWallets } from '../../screens/UserMenu/LinkedWallets.js';
import { WalletSignInView } from './WalletSignInView.js';

describe('WalletSignInView and WalletList', () => {
  it('default: the show-wallets button reveals the list; installed first with a badge, install links for the rest; accessible', async () => {
    const flow = fakeWalletFlow();
    const user = userEvent.setup();
    const { container } = renderInKit(<WalletSignInView flow={flow} label="Connect a wallet" />);
    expect(screen.queryByRole('list', { name: 'Wallets' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Connect a wallet' }));
    const items = within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-wallet'))).toEqual(['testwallet', 'phantom', 'solflare']);
    expect(within(items[0]!).getByText('Installed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Install Phantom' })).toHaveAttribute('href', expect.stringContaining('bfnaelmomeimhlpmgjnjophhpkkoljpa'));
    await user.click(screen.getByRole('button', { name: 'Connect Test Wallet' }));
    expect(flow.connect).toHaveBeenCalledWith('testwallet');
    expect(container.querySelector('[data-flow="wallet"]')).toHaveAttribute('data-state', 'idle');
    await expectNoAxeViolations(container);
  });

  it('behavior: search filters by name', async () => {
    const user = userEvent.setup();
    renderInKit(<WalletSignInView flow={fakeWalletFlow()} showWalletsButton={false} />);
    await user.type(screen.getByLabelText('Search wallets'), 'sol');
    expect(within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('listitem')).toHaveLength(1);
    await user.clear(screen.getByLabelText('Search wallets'));
    await user.type(screen.getByLabelText('Search wallets'), 'zzz');
    expect(screen.getByText('No wallet matches “zzz”.')).toBeInTheDocument();
  });

  it('behavior: signing says so, is busy, and Cancel cancels', async () => {
    const flow = fakeWalletFlow({ status: 'signing', walletKey: 'testwallet' });
    const user = userEvent.setup();
    renderInKit(<WalletSignInView flow={flow} />);
    expect(screen.getByRole('status')).toHaveTextContent('Sign the message in Test Wallet…');
    await user.click(screen.getByRole('button', { name: 'Connect Test Wallet' }));
    expect(flow.connect).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(flow.cancel).toHaveBeenCalledTimes(1);
  });

  it('behavior: reconnecting says so, the wallets wait, and Cancel stops the reconnect', async () => {
    const flow = fakeWalletFlow({ status: 'reconnecting', walletKey: 'testwallet' });
    const user = userEvent.setup();
    renderInKit(<WalletSignInView flow={flow} showWalletsButton={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting Test Wallet…');
    expect(screen.getByRole('button', { name: 'Connect Test Wallet' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(flow.cancel).toHaveBeenCalledTimes(1);
  });

  it('behavior: disconnecting offers Cancel (stop waiting for the wallet), which cancels', async () => {
    const flow = fakeWalletFlow({ status: 'disconnecting', walletKey: 'testwallet' });
    const user = userEvent.setup();
    renderInKit(<WalletSignInView flow={flow} showWalletsButton={false} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(flow.cancel).toHaveBeenCalledTimes(1);
  });

  it("error: a refusal shows 'User rejected request'", () => {
    renderInKit(<WalletSignInView flow={fakeWalletFlow({ status: 'failed', walletKey: 'testwallet', error: { code: 'USER_REJECTED', message: 'User rejected request' } })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('User rejected request');
  });

  it("error: a refusal with a Retry-After (the sandbox's anonymous-state limit) says when to try again", () => {
    const error = { code: 'too_many_requests', message: 'Rate limit reached', retryAfterSeconds: 42 };
    renderInKit(<WalletSignInView flow={fakeWalletFlow({ status: 'failed', walletKey: 'testwallet', error })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Rate limit reached');
    expect(screen.getByText('Try again in 42 s.')).toBeInTheDocument();
  });

  it('behavior: a merge confirmation asks, Confirm confirms', async () => {
    const flow = fakeWalletFlow({ status: 'confirming', walletKey: 'testwallet', error: { code: 'merge_accounts_confirmation', message: 'This wallet belongs to another account. Confirm to merge that account into yours.' } });
    const user = userEvent.setup();
    renderInKit(<WalletSignInView flow={flow} purpose="link" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Confirm to merge');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(flow.confirm).toHaveBeenCalledTimes(1);
  });
});

describe('LinkedWallets', () => {
  const wallets = [
    { id: 'a', address: 'AAAA1111111111111111111111111111111111111111' },
    { id: 'b', address: 'BBBB2222222222222222222222222222222222222222' },
  ];

  it('default: the primary first, make primary, unlink, link another; accessible', async () => {
    const onMakePrimary = vi.fn();
    const onUnlink = vi.fn();
    const flow = fakeWalletFlow();
    const user = userEvent.setup();
    const { container } = renderInKit(<LinkedWallets wallets={wallets} canLinkMore canUnlink linkFlow={flow} onMakePrimary={onMakePrimary} onUnlink={onUnlink} />);
    const region = screen.getByRole('region', { name: 'Wallets' });
    expect(within(region).getByText('Primary')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make BBBB…2222 primary' }));
    expect(onMakePrimary).toHaveBeenCalledWith('b');
    await user.click(screen.getByRole('button', { name: 'Unlink BBBB…2222' }));
    expect(onUnlink).toHaveBeenCalledWith('b');
    await user.click(screen.getByRole('button', { name: 'Link another wallet' }));
    await user.click(screen.getByRole('button', { name: 'Link Test Wallet' }));
    expect(flow.link).toHaveBeenCalledWith('testwallet');
    await expectNoAxeViolations(container);
  });

  it("behavior: with no wallet yet the button says 'Link a wallet', not 'another'", () => {
    renderInKit(<LinkedWallets wallets={[]} canUnlink={false} canLinkMore linkFlow={fakeWalletFlow()} onMakePrimary={vi.fn()} onUnlink={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Link a wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link another wallet' })).toBeNull();
  });

  it('behavior: multiWalletUnlinkDisabled hides Unlink; without multiWallet no link button', () => {
    renderInKit(<LinkedWallets wallets={wallets} canUnlink={false} canLinkMore={false} onMakePrimary={vi.fn()} onUnlink={vi.fn()} />);
    expect(screen.queryByRole('button', { name: /Unlink/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Link another wallet' })).toBeNull();
  });
});
