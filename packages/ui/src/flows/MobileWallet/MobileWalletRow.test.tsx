import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakeWalletFlow } from '../../test/fakeWalletFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import type { WalletListItem } from '../WalletSignIn/WalletSignInModel.js';
import { WalletSignInView } from '../WalletSignIn/WalletSignInView.js';

const BROWSE = 'https://phantom.app/ul/browse/https%3A%2F%2Facme.example%2F?ref=https%3A%2F%2Facme.example';
const phone: WalletListItem[] = [
  { key: 'phantom', name: 'Phantom', installed: false, connectVia: 'mobileRedirect', mobileUrl: BROWSE },
  { key: 'backpacksol', name: 'Backpack', installed: false, connectVia: 'mobileBrowse', mobileUrl: 'https://backpack.app/ul/v1/browse/x' },
];
const desktop: WalletListItem[] = [
  { key: 'phantomledger', name: 'Phantom (Ledger)', installed: true, hardwareWallet: true, connectVia: 'extension' },
  { key: 'phantom', name: 'Phantom', installed: false, connectVia: 'qrCode', mobileUrl: BROWSE, installUrl: 'https://chromewebstore.google.com/detail/bfnaelmomeimhlpmgjnjophhpkkoljpa' },
];

describe('mobile and hardware wallet rows of the wallet list', () => {
  it('default: on a phone, a redirect wallet opens to sign in; an in-app-browser wallet is a link; accessible', async () => {
    const flow = fakeWalletFlow({ wallets: phone });
    const user = userEvent.setup();
    const { container } = renderInKit(<WalletSignInView flow={flow} showWalletsButton={false} />);
    const rows = within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-connect-via'))).toEqual(['mobileRedirect', 'mobileBrowse']);
    expect(within(rows[0]!).getByText('App')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open Phantom to sign in' }));
    expect(flow.connect).toHaveBeenCalledWith('phantom');
    expect(screen.getByRole('link', { name: 'Open this page in Backpack' })).toHaveAttribute('href', 'https://backpack.app/ul/v1/browse/x');
    expect(screen.queryByRole('link', { name: /Install/ })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('behavior: on a desktop, "Use phone" shows the QR code of the link (and hides it again); install stays offered', async () => {
    const flow = fakeWalletFlow({ wallets: desktop });
    const user = userEvent.setup();
    const { container } = renderInKit(<WalletSignInView flow={flow} showWalletsButton={false} />);
    expect(screen.queryByTestId('mobile-wallet-qr')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show the QR code for Phantom' }));
    const panel = screen.getByTestId('mobile-wallet-qr');
    expect(panel).toHaveAttribute('data-url', BROWSE);
    await waitFor(() => expect(within(panel).getByRole('img', { name: 'QR code that opens this page in Phantom' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/)));
    expect(within(panel).getByRole('link', { name: 'Or open the link on your phone' })).toHaveAttribute('href', BROWSE);
    expect(screen.getByRole('link', { name: 'Install Phantom' })).toBeInTheDocument();
    expect(flow.connect).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Show the QR code for Phantom' }));
    expect(screen.queryByTestId('mobile-wallet-qr')).toBeNull();
  });

  it('behavior: a hardware variant carries its badge and connects like any installed wallet', async () => {
    const flow = fakeWalletFlow({ wallets: desktop });
    const user = userEvent.setup();
    renderInKit(<WalletSignInView flow={flow} showWalletsButton={false} />);
    const row = within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('listitem')[0]!;
    expect(within(row).getByText('Ledger')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect Phantom (Ledger)' }));
    expect(flow.connect).toHaveBeenCalledWith('phantomledger');
  });

  it.each([
    ['redirecting', 'connecting', 'Opening Phantom… Approve the connection there; you come back here.'],
    ['returned', 'signing', 'Connected. Opening Phantom to sign the sign-in message…'],
    ['verifying', 'signing', 'Signing you in…'],
  ] as const)('behavior: the redirect step %s says where the user is', (mobileStatus, status, text) => {
    renderInKit(<WalletSignInView flow={fakeWalletFlow({ wallets: phone, status, mobileStatus, walletKey: 'phantom' })} showWalletsButton={false} />);
    expect(screen.getByRole('status')).toHaveTextContent(text);
  });

  it("error: the wallet's refusal and the hardware-wallet error show with the SPEC's wording", () => {
    const { unmount } = renderInKit(
      <WalletSignInView flow={fakeWalletFlow({ wallets: phone, status: 'failed', mobileStatus: 'rejected', walletKey: 'phantom', error: { code: 'user_rejected_request', message: 'User rejected request' } })} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('User rejected request');
    unmount();
    renderInKit(<WalletSignInView flow={fakeWalletFlow({ wallets: desktop, status: 'failed', walletKey: 'phantomledger', error: { code: 'hardware_wallet_cannot_sign_message', message: 'Hardware wallets cannot sign messages directly.' } })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Hardware wallets cannot sign messages directly.');
  });

  it('behavior: the link list (user menu) on a phone: the redirect wallet links over the redirect, the in-app one is a link; no install', async () => {
    const flow = fakeWalletFlow({ wallets: phone });
    const user = userEvent.setup();
    const { container } = renderInKit(<WalletSignInView flow={flow} showWalletsButton={false} purpose="link" />);
    const rows = within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('listitem');
    expect(within(rows[0]!).getByText('App')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link Phantom' }));
    expect(flow.link).toHaveBeenCalledWith('phantom');
    expect(flow.connect).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Open this page in Backpack' })).toHaveAttribute('href', 'https://backpack.app/ul/v1/browse/x');
    expect(screen.queryByRole('link', { name: /Install/ })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('behavior: the link list on a desktop shows the QR code of the link, with what to do once the page is open in the wallet', async () => {
    const flow = fakeWalletFlow({ wallets: desktop });
    const user = userEvent.setup();
    renderInKit(<WalletSignInView flow={flow} showWalletsButton={false} purpose="link" />);
    await user.click(screen.getByRole('button', { name: 'Show the QR code for Phantom' }));
    const panel = screen.getByTestId('mobile-wallet-qr');
    expect(panel).toHaveAttribute('data-url', BROWSE);
    expect(panel).toHaveTextContent('this page opens in Phantom. Sign in there, then link the wallet from your account.');
    expect(screen.getByRole('link', { name: 'Install Phantom' })).toBeInTheDocument();
    expect(flow.link).not.toHaveBeenCalled();
  });

  it.each([
    ['redirecting', 'connecting', 'Opening Phantom… Approve the connection there; you come back here.'],
    ['returned', 'signing', 'Connected. Opening Phantom to sign the message that links it…'],
    ['verifying', 'signing', 'Linking Phantom to your account…'],
    ['signedIn', 'done', 'Phantom is linked to your account.'],
  ] as const)('behavior: linking, the redirect step %s says where the user is', (mobileStatus, status, text) => {
    renderInKit(<WalletSignInView flow={fakeWalletFlow({ wallets: phone, status, mobileStatus, walletKey: 'phantom' })} showWalletsButton={false} purpose="link" />);
    expect(screen.getByRole('status')).toHaveTextContent(text);
  });
});
