import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { UserMenuView } from '../UserMenu/UserMenuView.js';
import { ReceiveView } from './ReceiveView.js';
import { WalletPanelView, type WalletPanelScreen } from './WalletPanelView.js';

const address = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

describe('ReceiveView', () => {
  it('default: the full address, a QR code of it (uqr, loaded on demand), the network, and Copy', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { container } = renderInKit(<ReceiveView address={address} network="Localnet" />);
    const qr = await screen.findByRole('img', { name: 'QR code of your address' });
    // The QR code is an SVG of this address, not a placeholder picture.
    const svg = decodeURIComponent(qr.getAttribute('src')!.replace('data:image/svg+xml;charset=utf-8,', ''));
    expect(svg).toMatch(/^<svg[\s\S]*<path/);
    const { renderSVG } = await import('uqr');
    expect(svg).toBe(renderSVG(address, { border: 2, ecc: 'M' }));
    expect(screen.getByTestId('receive-address')).toHaveTextContent(address);
    expect(screen.getByTestId('receive-network')).toHaveTextContent('Localnet');
    expect(screen.getByText('Send only Localnet assets to this address.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(address);
    expect(await screen.findByRole('status')).toHaveTextContent('Address copied');
    await expectNoAxeViolations(container);
  });
});

function Panel({ canExport }: { canExport: boolean }) {
  const [screen, setScreen] = useState<WalletPanelScreen>('home');
  return (
    <WalletPanelView label="Embedded wallet" address={address} screen={screen} onScreen={setScreen} canSend canExport={canExport} canRecover={canExport}>
      <p>screen {screen}</p>
    </WalletPanelView>
  );
}

describe('WalletPanelView inside the user menu', () => {
  it('behavior: Home offers Send and Receive; the key actions sit in Security and open their screen on Home', async () => {
    const user = userEvent.setup();
    renderInKit(
      <UserMenuView email="ada@example.com" onSignOut={vi.fn()} defaultOpen views={{ security: <p>Passkeys</p> }}>
        <Panel canExport />
      </UserMenuView>,
    );
    const menu = screen.getByRole('dialog', { name: /^Signed in as/ });
    const panel = within(menu).getByRole('region', { name: 'Embedded wallet' });
    expect(within(panel).getAllByRole('button').map((button) => button.textContent)).toEqual(['Send', 'Receive']);
    await user.click(within(menu).getByRole('button', { name: /^Security/ }));
    const keys = within(menu).getByRole('region', { name: 'Wallet key' });
    expect(within(keys).getAllByRole('button').map((button) => button.textContent)).toEqual(['Export key', 'Recover']);
    await user.click(within(keys).getByRole('button', { name: 'Recover' }));
    expect(within(menu).getByRole('region', { name: 'Embedded wallet' })).toHaveAttribute('data-screen', 'recover');
    expect(within(menu).getByText('screen recover')).toBeVisible();
  });

  it('default: outside a menu, the key actions stay beside Send', () => {
    renderInKit(<Panel canExport />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Send', 'Receive', 'Export key', 'Recover']);
  });

  it('default: a wallet without key actions adds nothing to Security', async () => {
    const user = userEvent.setup();
    renderInKit(
      <UserMenuView email="ada@example.com" onSignOut={vi.fn()} defaultOpen views={{ security: <p>Passkeys</p> }}>
        <Panel canExport={false} />
      </UserMenuView>,
    );
    await user.click(screen.getByRole('button', { name: /^Security/ }));
    expect(screen.queryByRole('region', { name: 'Wallet key' })).toBeNull();
  });
});
