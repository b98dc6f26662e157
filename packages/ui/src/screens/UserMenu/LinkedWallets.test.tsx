import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInKit } from '../../test/renderInKit.js';
import { LinkedWallets } from './LinkedWallets.js';

const wallets = [
  { id: 'cred-phantom', address: '1111VjbNWCkGDQfEmxgNgUCwRFyvRgCB8GtM1Za8kJ9', canUnlink: true },
  { id: 'cred-embedded', address: '2222VjbNWCkGDQfEmxgNgUCwRFyvRgCB8GtM1Za8kJ9', canUnlink: false },
  { id: 'cred-mpc', address: '3333VjbNWCkGDQfEmxgNgUCwRFyvRgCB8GtM1Za8kJ9', canUnlink: false },
];

describe('LinkedWallets', () => {
  it('behavior: "Unlink" is never offered for the embedded or the MPC wallet, only for the external one', () => {
    renderInKit(<LinkedWallets wallets={wallets} canUnlink onMakePrimary={vi.fn()} onUnlink={vi.fn()} />);
    const items = within(screen.getByRole('list', { name: 'Linked wallets' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).queryByRole('button', { name: /^Unlink/ }) !== null)).toEqual([true, false, false]);
  });
});
