import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openSignedInMenu } from '../../test/signedInMenu.js';

// The menu's flows (passkeys, MFA, social linking) cannot be fetched the first time (offline); the next import works.
const flows = vi.hoisted(() => ({ failNext: true }));
vi.mock('./menuFlows.js', async (importOriginal) => {
  if (flows.failNext) {
    flows.failNext = false;
    throw new TypeError('Failed to fetch dynamically imported module');
  }
  return importOriginal();
});

describe('ConnectedUserMenu: its flows cannot load (against the sandbox)', () => {
  it('error: the flows cannot load (offline) — the menu says so beside the link; the next try loads them', async () => {
    const { client, user, menu } = await openSignedInMenu('flows-offline');
    await user.click(await within(menu).findByRole('button', { name: /^Security/ }));
    const failure = await within(menu).findByRole('alert');
    expect(failure).toHaveTextContent('Something went wrong.');
    expect(within(failure).getByRole('button', { name: 'Retry' })).toBeVisible();
    await user.click(within(menu).getByRole('button', { name: 'Back' }));
    await user.click(within(menu).getByRole('button', { name: /^Account settings/ }));
    expect(await within(menu).findByText('Something went wrong.')).toBeVisible();
    const link = within(menu).getByRole('button', { name: 'Link another account' });
    expect(link).not.toHaveAttribute('aria-disabled');
    await user.click(link);
    await user.click(await within(menu).findByRole('button', { name: 'Link Google' }));
    // That click fetched the flow again; once here, linking is offered (a popup is a later click's).
    await waitFor(() => expect(within(menu).queryByText('Something went wrong.')).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect(within(menu).getByRole('button', { name: 'Link another account' })).not.toHaveAttribute('aria-disabled'), { timeout: 10_000 });
    expect(within(menu).queryByText('Something went wrong.')).toBeNull();
    await user.click(within(menu).getByRole('button', { name: 'Back' }));
    await user.click(within(menu).getByRole('button', { name: /^Security/ }));
    expect(await within(menu).findByRole('heading', { name: 'Passkeys' }, { timeout: 10_000 })).toBeVisible();
    await client.destroy();
  });
});
