import { updateUser } from '@latchkey/headless';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LatchkeyUIProvider } from '../../LatchkeyUIProvider/LatchkeyUIProvider.js';
import { expectNoAxeViolations } from '../../test/axe.js';
import { createSandboxClient, signInThroughApi, uniqueEmail } from '../../test/sandboxClient.js';
import { UserMenu } from '../../screens/UserMenu/UserMenu.js';
import { Profile } from './Profile.js';

const freshName = () => `u${Math.random().toString(36).slice(2, 12)}`;

describe('Profile (against the sandbox)', () => {
  it('behavior: a username another user has is said as a sentence while typing; a free one saves', async () => {
    const other = await createSandboxClient();
    await signInThroughApi(other.client, other.sandboxUrl, uniqueEmail('profile-other'));
    const taken = freshName();
    await updateUser(other.client, { username: taken });

    const { client, sandboxUrl } = await createSandboxClient();
    await signInThroughApi(client, sandboxUrl, uniqueEmail('profile-ui'));
    const user = userEvent.setup();
    const { container } = render(
      <LatchkeyUIProvider client={client}>
        <Profile />
      </LatchkeyUIProvider>,
    );
    const username = await screen.findByLabelText(/Username/, {}, { timeout: 10_000 });
    await user.type(username, taken);
    expect(await screen.findByText('This username is already taken. Try another.', {}, { timeout: 10_000 })).toBeVisible();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(container);

    const free = freshName();
    await user.clear(username);
    await user.type(username, free);
    expect(await screen.findByText('Username is available.', {}, { timeout: 10_000 })).toBeVisible();
    await user.selectOptions(screen.getByLabelText(/Department/), 'Support');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.', {}, { timeout: 10_000 })).toBeVisible();
    expect(client.session.getSnapshot().context.user).toMatchObject({ username: free, metadata: { department: 'Support' } });
  });

  it("behavior: the menu's Account view hosts Profile; Delete account needs the typed word, then the user is signed out", async () => {
    const { client, sandboxUrl } = await createSandboxClient();
    const email = uniqueEmail('profile-delete');
    await signInThroughApi(client, sandboxUrl, email);
    const jwt = client.session.getSnapshot().context.jwt as string;
    const user = userEvent.setup();
    render(
      <LatchkeyUIProvider client={client}>
        <UserMenu />
      </LatchkeyUIProvider>,
    );
    await user.click(await screen.findByRole('button', { name: `Account: ${email}` }, { timeout: 10_000 }));
    const menu = await screen.findByRole('dialog', { name: /^Signed in as/ }, { timeout: 10_000 });
    // The profile lives in the menu's Account view.
    await user.click(within(menu).getByRole('button', { name: /^Account settings/ }));
    await user.click(await within(menu).findByRole('button', { name: 'Edit profile' }));
    await user.click(await within(menu).findByRole('button', { name: 'Delete account…' }, { timeout: 10_000 }));
    const submit = within(menu).getByRole('button', { name: 'Delete my account' });
    expect(submit).toBeDisabled();
    await user.type(within(menu).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(submit).toBeDisabled();
    await user.clear(within(menu).getByLabelText('Type DELETE to confirm'));
    await user.type(within(menu).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(submit);
    await waitFor(() => expect(client.session.getSnapshot().matches('signedIn')).toBe(false), { timeout: 10_000 });
    const response = await fetch(`${client.apiBaseUrl}/api/v0/sdk/${client.environmentId}/users`, { headers: { authorization: `Bearer ${jwt}` } });
    expect(response.status).toBe(401);
  });
});
