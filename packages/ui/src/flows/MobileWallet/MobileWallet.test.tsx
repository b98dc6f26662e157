import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { DEFAULT_MOBILE_WALLET_MESSAGE, MobileWalletView } from './MobileWalletView.js';
import type { MobileWalletFlowModel } from './MobileWalletModel.js';

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

function fakeFlow(overrides: Partial<MobileWalletFlowModel> = {}): MobileWalletFlowModel {
  return {
    status: 'idle',
    walletName: 'Sandbox wallet',
    address: undefined,
    signature: undefined,
    error: undefined,
    isBusy: false,
    connect: vi.fn(),
    signMessage: vi.fn(),
    disconnect: vi.fn(),
    cancel: vi.fn(),
    reset: vi.fn(),
    browseUrl: vi.fn(() => 'https://wallet.example/ul/browse/https%3A%2F%2Fapp.example?ref=https%3A%2F%2Fapp.example'),
    ...overrides,
  };
}

describe('MobileWalletView', () => {
  it('default: idle offers connect and the in-app-browser link, accessible', async () => {
    const flow = fakeFlow();
    const user = userEvent.setup();
    const { container } = renderInKit(<MobileWalletView flow={flow} />);
    expect(container.querySelector('[data-flow="mobile-wallet"]')).toHaveAttribute('data-state', 'idle');
    expect(screen.getByRole('link', { name: 'Open in Sandbox wallet' })).toHaveAttribute('href', flow.browseUrl());
    await user.click(screen.getByRole('button', { name: 'Connect Sandbox wallet' }));
    expect(flow.connect).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('behavior: redirecting and signing say what they wait for; their one action is Cancel (the page may never leave)', async () => {
    const user = userEvent.setup();
    const redirecting = fakeFlow({ status: 'redirecting', isBusy: true });
    const { rerender } = renderInKit(<MobileWalletView flow={redirecting} />);
    expect(screen.getByRole('status')).toHaveTextContent('Opening Sandbox wallet…');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Cancel']);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(redirecting.cancel).toHaveBeenCalledTimes(1);
    const signing = fakeFlow({ status: 'signing', isBusy: true, address: ADDRESS });
    rerender(<MobileWalletView flow={signing} />);
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for Sandbox wallet to sign…');
    expect(screen.getByTestId('mobile-wallet-address')).toHaveTextContent(ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(signing.cancel).toHaveBeenCalledTimes(1);
  });

  it('behavior: connected shows the address; sign and disconnect', async () => {
    const flow = fakeFlow({ status: 'connected', address: ADDRESS });
    const user = userEvent.setup();
    const { container } = renderInKit(<MobileWalletView flow={flow} message="Prove it" />);
    expect(screen.getByTestId('mobile-wallet-address')).toHaveTextContent(ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Sign a message' }));
    expect(flow.signMessage).toHaveBeenCalledWith('Prove it');
    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(flow.disconnect).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('behavior: signed shows the signature and signs again with the default message', async () => {
    const flow = fakeFlow({ status: 'signed', address: ADDRESS, signature: SIGNATURE });
    const user = userEvent.setup();
    renderInKit(<MobileWalletView flow={flow} />);
    expect(screen.getByTestId('mobile-wallet-signature')).toHaveTextContent(SIGNATURE);
    await user.click(screen.getByRole('button', { name: 'Sign a message' }));
    expect(flow.signMessage).toHaveBeenCalledWith(DEFAULT_MOBILE_WALLET_MESSAGE);
  });

  it('error: rejected shows the wording and goes back', async () => {
    const flow = fakeFlow({ status: 'rejected', address: ADDRESS, error: { code: 'user_rejected_request', message: 'User rejected request' } });
    const user = userEvent.setup();
    renderInKit(<MobileWalletView flow={flow} />);
    expect(screen.getByRole('alert')).toHaveTextContent('User rejected request');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(flow.reset).toHaveBeenCalledTimes(1);
  });

  it('error: failed (tampered reply) shows the wording and tries again', async () => {
    const message = "The wallet's reply could not be verified (the data does not decrypt); nothing was changed.";
    const flow = fakeFlow({ status: 'failed', error: { code: 'mobile_wallet_return_tampered', message } });
    const user = userEvent.setup();
    const { container } = renderInKit(<MobileWalletView flow={flow} />);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(flow.reset).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });
});
