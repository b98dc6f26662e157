import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openSignedInMenu } from '../../test/signedInMenu.js';

// The menu's flows (passkeys, MFA, social linking) load beside it: their import waits for `gate` (the test lets it through).
const flows = vi.hoisted(() => {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release: () => release(), imports: 0 };
});
vi.mock('./menuFlows.js', async (importOriginal) => {
  flows.imports += 1;
  await flows.gate;
  return importOriginal();
});

describe('ConnectedUserMenu: the flows load beside the menu (against the sandbox)', () => {
  it('behavior: the menu opens and works while its flows load; Security and linking wait for them, then work', async () => {
    const { client, user, menu } = await openSignedInMenu('flows');
    expect(within(menu).getByRole('button', { name: 'Sign out' })).toBeEnabled();
    // The social-link flow is asked for once signed in, before anyone opens Account.
    await waitFor(() => expect(flows.imports).toBeGreaterThan(0));

    await user.click(within(menu).getByRole('button', { name: /^Account settings/ }));
    const link = await within(menu).findByRole('button', { name: 'Link another account' });
    // A popup must open inside the click that asks for it: until the flow is here, linking waits.
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(menu).getByRole('button', { name: 'Back' }));
    await user.click(within(menu).getByRole('button', { name: /^Security/ }));
    expect(within(menu).queryByRole('heading', { name: 'Passkeys' })).toBeNull();
    // Not only a spinner: a screen reader hears that Security is on its way.
    expect(within(menu).getByRole('status')).toHaveTextContent('Loading…');

    await act(async () => flows.release());
    expect(await within(menu).findByRole('heading', { name: 'Passkeys' }, { timeout: 10_000 })).toBeVisible();
    await user.click(within(menu).getByRole('button', { name: 'Back' }));
    await user.click(within(menu).getByRole('button', { name: /^Account settings/ }));
    await waitFor(() => expect(within(menu).getByRole('button', { name: 'Link another account' })).not.toHaveAttribute('aria-disabled'));
    await client.destroy();
  });
});
