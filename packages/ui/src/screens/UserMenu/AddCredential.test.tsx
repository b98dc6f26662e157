import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { createSandboxClient, latestCode, ownPhoneThroughApi, signInThroughApi, uniqueEmail, uniquePhone } from '../../test/sandboxClient.js';
import { AccountSection } from './AccountSection.js';
import { UserMenu } from './UserMenu.js';

describe('AccountSection', () => {
  it('default: offers what the user lacks; nothing when they have both', async () => {
    const onAdd = vi.fn();
    const user = userEvent.setup();
    const { container, rerender } = renderInKit(<AccountSection canAddEmail canAddPhone onAdd={onAdd} />);
    await user.click(screen.getByRole('button', { name: 'Add phone number' }));
    expect(onAdd).toHaveBeenCalledWith('phone');
    await user.click(screen.getByRole('button', { name: 'Add email' }));
    expect(onAdd).toHaveBeenCalledWith('email');
    await expectNoAxeViolations(container);
    rerender(<AccountSection canAddEmail={false} canAddPhone onAdd={onAdd} />);
    expect(screen.queryByRole('button', { name: 'Add email' })).toBeNull();
    rerender(<AccountSection canAddEmail={false} canAddPhone={false} onAdd={onAdd} />);
    expect(container.querySelector('[data-latchkey-section]')).toBeNull();
  });
});

describe('UserMenu: adding a phone number (against the sandbox)', () => {
  it("error: a number another user has is refused as a sentence; then the user's own number is added", async () => {
    const { client, sandboxUrl } = await createSandboxClient();
    const email = uniqueEmail('add-phone');
    await signInThroughApi(client, sandboxUrl, email);
    const taken = uniquePhone();
    await ownPhoneThroughApi(sandboxUrl, taken.national);
    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <UserMenu />
      </LatchkeyUIProvider>,
    );
    await user.click(await screen.findByRole('button', { name: `Account: ${email}` }, { timeout: 10_000 }));
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ }, { timeout: 10_000 });
    await user.click(within(menu).getByRole('button', { name: /^Account settings/ }));
    expect(within(menu).queryByRole('button', { name: 'Add email' })).toBeNull();
    await user.click(within(menu).getByRole('button', { name: 'Add phone number' }));

    await user.selectOptions(await within(menu).findByLabelText('Country', {}, { timeout: 10_000 }), 'GB');
    await user.type(within(menu).getByLabelText('Phone number'), taken.national);
    await user.click(within(menu).getByRole('button', { name: 'Continue' }));
    await user.type(await within(menu).findByLabelText('Verification code', {}, { timeout: 10_000 }), await latestCode(sandboxUrl, taken.e164));
    expect(await within(menu).findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('Another account already uses this phone number.');
    expect(client.session.getSnapshot().context.user?.phoneNumber).toBeUndefined();

    await user.click(within(menu).getByRole('button', { name: 'Use a different number' }));
    const mine = uniquePhone();
    const field = await within(menu).findByLabelText('Phone number');
    // back on the first step, the number and country used before are still there
    expect(field).toHaveValue(taken.national);
    expect(within(menu).getByLabelText('Country')).toHaveValue('GB');
    await user.clear(field);
    await user.type(field, mine.national);
    await user.click(within(menu).getByRole('button', { name: 'Continue' }));
    await user.type(await within(menu).findByLabelText('Verification code', {}, { timeout: 10_000 }), await latestCode(sandboxUrl, mine.e164));
    expect(await within(menu).findByText(`+44 ${mine.national.slice(0, 4)} ${mine.national.slice(4)} was added to your account.`, {}, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() => expect(client.session.getSnapshot().context.user?.phoneNumber).toBe(mine.e164));
    expect(client.session.getSnapshot().matches('signedIn')).toBe(true);
    await user.click(within(menu).getByRole('button', { name: 'Close' }));
    expect(within(menu).queryByRole('button', { name: 'Add phone number' })).toBeNull();
  });
});
