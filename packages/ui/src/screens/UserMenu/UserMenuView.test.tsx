import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakePasskeyFlow, samplePasskeys } from '../../test/fakePasskeyFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { PasskeyManager } from '../../flows/Passkey/PasskeyManager.js';
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
    const menu = screen.getByRole('dialog', { name: 'Signed in as' });
    expect(menu).toHaveTextContent('ada@example.com');
    expect(menu.closest('[data-latchkey-root]')).not.toBeNull();
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

  it('behavior: account management (the passkey list) sits above Sign out, accessible', async () => {
    const user = userEvent.setup();
    renderInKit(
      <UserMenuView email="ada@example.com" onSignOut={vi.fn()}>
        <PasskeyManager flow={fakePasskeyFlow({ passkeys: samplePasskeys })} />
      </UserMenuView>,
    );
    await user.click(screen.getByRole('button', { name: 'Account: ada@example.com' }));
    const menu = screen.getByRole('dialog', { name: 'Signed in as' });
    const passkeys = within(menu).getByRole('region', { name: 'Passkeys' });
    expect(within(passkeys).getAllByRole('listitem')).toHaveLength(2);
    expect(passkeys.compareDocumentPosition(within(menu).getByRole('button', { name: 'Sign out' }))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    await expectNoAxeViolations();
  });
});

describe('UserMenuView: linked accounts', () => {
  it('behavior: lists linked social accounts with Unlink, offers Link for the others, shows the refusal as a sentence', async () => {
    const user = userEvent.setup();
    const onLink = vi.fn();
    const onUnlink = vi.fn();
    renderInKit(
      <UserMenuView
        email="ada@example.com"
        onSignOut={vi.fn()}
        defaultOpen
        linkedAccounts={[{ id: 'cred-1', provider: 'google', label: 'ada@example.com' }]}
        linkableProviders={['github']}
        onLink={onLink}
        onUnlink={onUnlink}
        linkError={{ message: 'This social account belongs to another user.' }}
      />,
    );
    const menu = screen.getByRole('dialog', { name: 'Signed in as' });
    expect(within(menu).getByText('Google · ada@example.com')).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Link GitHub' }));
    expect(onLink).toHaveBeenCalledWith('github');
    await user.click(within(menu).getByRole('button', { name: 'Unlink Google ada@example.com' }));
    expect(onUnlink).toHaveBeenCalledWith('cred-1');
    expect(within(menu).getByRole('alert')).toHaveTextContent('This social account belongs to another user.');
    await expectNoAxeViolations();
  });

  it('behavior: while linking, the buttons are disabled', async () => {
    const user = userEvent.setup();
    const onLink = vi.fn();
    renderInKit(<UserMenuView email="ada@example.com" onSignOut={vi.fn()} defaultOpen linkableProviders={['github']} onLink={onLink} isLinking />);
    const link = screen.getByRole('button', { name: 'Link GitHub' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await user.click(link);
    expect(onLink).not.toHaveBeenCalled();
  });
});
