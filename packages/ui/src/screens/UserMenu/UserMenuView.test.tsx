import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakePasskeyManagerFlow, samplePasskeys } from '../../test/fakePasskeyFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { PasskeyManagerView } from '../../flows/PasskeyManager/PasskeyManagerView.js';
import { UserMenuView } from './UserMenuView.js';

describe('UserMenuView', () => {
  it('default: closed, a trigger naming the account', async () => {
    const { container } = renderInKit(<UserMenuView email="ada@example.com" onSignOut={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Account: ada@example.com' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it("default: the avatar is the e-mail's initial; a phone-only account gets a person glyph, not the number's '+'", () => {
    const { rerender } = renderInKit(<UserMenuView email="ada@example.com" onSignOut={vi.fn()} />);
    const avatar = () => screen.getByRole('button', { name: /^Account: / }).querySelector('[aria-hidden="true"]');
    expect(avatar()).toHaveTextContent('a');
    rerender(<UserMenuView email={undefined} phoneNumber="+44 7400 123456" onSignOut={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Account: +44 7400 123456' })).toBeInTheDocument();
    expect(avatar()?.textContent).toBe('');
    expect(avatar()?.querySelector('svg')).not.toBeNull();
  });

  it('behavior: opens on click with the e-mail and Sign out; Escape closes back to the trigger', async () => {
    const user = userEvent.setup();
    const onSignOut = vi.fn();
    renderInKit(<UserMenuView email="ada@example.com" onSignOut={onSignOut} />);
    const trigger = screen.getByRole('button', { name: 'Account: ada@example.com' });
    await user.click(trigger);
    const menu = screen.getByRole('dialog', { name: /^Signed in as/ });
    expect(menu).toHaveTextContent('ada@example.com');
    expect(menu.closest('[data-latchkey-root]')).not.toBeNull();
    // The menu itself takes focus, not its first button (no stray focus ring on Copy).
    await waitFor(() => expect(menu).toHaveFocus());
    await expectNoAxeViolations();
    await user.click(within(menu).getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger).toHaveFocus();
  });

  it('behavior: while signing out it does not sign out twice', async () => {
    const user = userEvent.setup();
    const onSignOut = vi.fn();
    renderInKit(<UserMenuView email="ada@example.com" onSignOut={onSignOut} isSigningOut defaultOpen />);
    const button = screen.getByRole('button', { name: 'Sign out' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(onSignOut).not.toHaveBeenCalled();
  });

  it('behavior: "Sign out of all devices" under Sign out, when the menu is given it; not while signing out', async () => {
    const user = userEvent.setup();
    const onSignOut = vi.fn();
    const onSignOutEverywhere = vi.fn();
    const { rerender } = renderInKit(<UserMenuView email="ada@example.com" onSignOut={onSignOut} defaultOpen />);
    expect(screen.queryByRole('button', { name: 'Sign out of all devices' })).toBeNull();
    rerender(<UserMenuView email="ada@example.com" onSignOut={onSignOut} onSignOutEverywhere={onSignOutEverywhere} defaultOpen />);
    await user.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    expect(onSignOutEverywhere).toHaveBeenCalledTimes(1);
    expect(onSignOut).not.toHaveBeenCalled();
    rerender(<UserMenuView email="ada@example.com" onSignOut={onSignOut} onSignOutEverywhere={onSignOutEverywhere} isSigningOut defaultOpen />);
    await user.click(screen.getByRole('button', { name: 'Sign out of all devices' }));
    expect(onSignOutEverywhere).toHaveBeenCalledTimes(1);
  });

  it('error: a sign-out failure is shown with its message', () => {
    renderInKit(
      <UserMenuView email="ada@example.com" onSignOut={vi.fn()} defaultOpen error={{ message: 'Rate limit reached' }} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Rate limit reached');
  });

  it('default: the organisation links open in a new tab, before Sign out', async () => {
    const links = [
      { label: 'Help centre', url: 'https://acme.example/help' },
      { label: 'Status', url: 'https://status.acme.example/' },
    ];
    renderInKit(<UserMenuView email="ada@example.com" onSignOut={vi.fn()} links={links} defaultOpen />);
    const nav = screen.getByRole('navigation', { name: 'Links' });
    const anchors = within(nav).getAllByRole('link');
    expect(anchors.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      ['Help centre', 'https://acme.example/help', '_blank', 'noopener noreferrer'],
      ['Status', 'https://status.acme.example/', '_blank', 'noopener noreferrer'],
    ]);
    const order = [...screen.getByRole('dialog').querySelectorAll('nav, button')].map((el) => el.tagName);
    expect(order).toEqual(['NAV', 'BUTTON']);
    await expectNoAxeViolations();
  });

  it('default: without an e-mail it says Account', () => {
    renderInKit(<UserMenuView email={undefined} onSignOut={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it('behavior: Home lists only the views that have content; Security holds the passkey list; Back returns focus to its row', async () => {
    const user = userEvent.setup();
    renderInKit(
      <UserMenuView email="ada@example.com" onSignOut={vi.fn()} views={{ security: <PasskeyManagerView flow={fakePasskeyManagerFlow({ passkeys: samplePasskeys })} /> }} />,
    );
    await user.click(screen.getByRole('button', { name: 'Account: ada@example.com' }));
    const menu = screen.getByRole('dialog', { name: /^Signed in as ada@example.com$/ });
    const views = within(menu).getByRole('navigation', { name: 'Account' });
    expect(within(views).getAllByRole('button').map((button) => button.textContent)).toEqual(['SecurityPasskeys, two-step sign-in, wallet key']);
    expect(within(menu).queryByRole('region', { name: 'Passkeys' })).toBeNull();
    await user.click(within(views).getByRole('button', { name: /^Security/ }));
    expect(within(menu).getByRole('heading', { name: 'Security' })).toHaveFocus();
    const passkeys = within(menu).getByRole('region', { name: 'Passkeys' });
    expect(within(passkeys).getAllByRole('listitem')).toHaveLength(2);
    // Sign out belongs to Home's footer.
    expect(within(menu).queryByRole('button', { name: 'Sign out' })).toBeNull();
    await expectNoAxeViolations();
    await user.click(within(menu).getByRole('button', { name: 'Back' }));
    expect(within(menu).getByRole('button', { name: /^Security/ })).toHaveFocus();
    expect(within(menu).getByRole('button', { name: 'Sign out' })).toBeVisible();
  });

  it('behavior: the view returns to Home when the menu closes', async () => {
    const user = userEvent.setup();
    renderInKit(<UserMenuView email="ada@example.com" onSignOut={vi.fn()} views={{ wallets: <p>Wallet list</p> }} />);
    const trigger = screen.getByRole('button', { name: 'Account: ada@example.com' });
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: /^Wallets/ }));
    expect(screen.getByText('Wallet list')).toBeVisible();
    await user.keyboard('{Escape}');
    await user.click(trigger);
    expect(screen.queryByText('Wallet list')).toBeNull();
    expect(screen.getByRole('button', { name: /^Wallets/ })).toBeVisible();
  });

  it('default: the header names the user (display name first), shows the network, and copies the full wallet address', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const address = '9yaWxR2a3b4c5d6e7f8g9h1i2j3k4m5n6p7q8r9s8Q9R';
    renderInKit(<UserMenuView email="ada@example.com" displayName="Ada Lovelace" address={address} network="Localnet" onSignOut={vi.fn()} defaultOpen />);
    const menu = screen.getByRole('dialog', { name: /^Signed in as Ada Lovelace$/ });
    expect(within(menu).getByTestId('menu-name')).toHaveTextContent('Ada Lovelace');
    expect(within(menu).getByTestId('menu-network')).toHaveTextContent('Network: Localnet');
    await user.click(within(menu).getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(address);
    expect(await within(menu).findByRole('status')).toHaveTextContent('Copied');
  });
});

describe('UserMenuView: linked accounts', () => {
  it('behavior: Account lists linked social accounts with Unlink; one "Link another account" opens a chooser; the refusal is a sentence', async () => {
    const user = userEvent.setup();
    const onLink = vi.fn();
    const onUnlink = vi.fn();
    renderInKit(
      <UserMenuView
        email="ada@example.com"
        onSignOut={vi.fn()}
        defaultOpen
        linkedAccounts={[{ id: 'cred-1', provider: 'google', label: 'ada@example.com' }]}
        linkableProviders={['github', 'discord']}
        onLink={onLink}
        onUnlink={onUnlink}
        linkError={{ message: 'This social account belongs to another user.' }}
      />,
    );
    const menu = screen.getByRole('dialog', { name: /Signed in as/ });
    await user.click(within(menu).getByRole('button', { name: /^Account settings/ }));
    expect(within(menu).getByRole('listitem')).toHaveTextContent('Googleada@example.comUnlink');
    // No chip per provider: one way in.
    expect(within(menu).queryByRole('button', { name: 'Link GitHub' })).toBeNull();
    expect(within(menu).getByRole('alert')).toHaveTextContent('This social account belongs to another user.');
    await expectNoAxeViolations();
    await user.click(within(menu).getByRole('button', { name: 'Unlink Google ada@example.com' }));
    expect(onUnlink).toHaveBeenCalledWith('cred-1');
    await user.click(within(menu).getByRole('button', { name: 'Link another account' }));
    expect(within(menu).getByRole('heading', { name: 'Link another account' })).toHaveFocus();
    await expectNoAxeViolations();
    await user.click(within(menu).getByRole('button', { name: 'Link GitHub' }));
    expect(onLink).toHaveBeenCalledWith('github');
    // Back on Account, where the result shows.
    expect(within(menu).getByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
  });

  it('behavior: while linking, "Link another account" is disabled', async () => {
    const user = userEvent.setup();
    renderInKit(<UserMenuView email="ada@example.com" onSignOut={vi.fn()} defaultOpen defaultView="account" linkableProviders={['github']} onLink={vi.fn()} isLinking />);
    const link = screen.getByRole('button', { name: 'Link another account' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await user.click(link);
    expect(screen.queryByRole('heading', { name: 'Link another account' })).toBeNull();
  });
});
