import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInKit } from '../test/renderInKit.js';
import { WalletPanelView } from '../screens/WalletPanel/WalletPanelView.js';
import { walletBrandFrom } from './walletBrand.js';

describe('branding walletName and walletIconUrl', () => {
  it('default: no name (the panel says "Embedded wallet" in the user\'s language) and no icon; a blank name is none', () => {
    expect(walletBrandFrom(undefined)).toEqual({ name: undefined, iconUrl: undefined });
    expect(walletBrandFrom({ design: { branding: { walletName: '   ' } } }).name).toBeUndefined();
  });

  it('behavior: the project names the wallet and gives its icon; an icon that is not https is dropped', () => {
    expect(walletBrandFrom({ design: { branding: { walletName: ' Acme Vault ', walletIconUrl: 'https://cdn.acme.example/vault.png' } } })).toEqual({
      name: 'Acme Vault',
      iconUrl: 'https://cdn.acme.example/vault.png',
    });
    expect(walletBrandFrom({ design: { branding: { walletIconUrl: 'javascript:alert(1)' } } }).iconUrl).toBeUndefined();
  });

  it('behavior: the wallet panel is headed with the name and the icon', () => {
    const brand = walletBrandFrom({ design: { branding: { walletName: 'Acme Vault', walletIconUrl: 'https://cdn.acme.example/vault.png' } } });
    renderInKit(
      <WalletPanelView label={brand.name ?? 'Embedded wallet'} iconUrl={brand.iconUrl} address="7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV" screen="home" onScreen={vi.fn()} canSend={false}>
        <p>balances</p>
      </WalletPanelView>,
    );
    const heading = screen.getByRole('heading', { name: 'Acme Vault' });
    expect(heading.querySelector('img[data-wallet-icon]')).toHaveAttribute('src', 'https://cdn.acme.example/vault.png');
  });
});
