import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakeWalletFlow } from '../../test/fakeWalletFlow.js';
import { describe, expect, it, vi } from 'vitest';
import { fakeStepUp, mfaInvalidCodeError } from '../../test/fakeMfaFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { StepUpPrompt } from '../../flows/MfaDevices/StepUpPrompt.js';
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

  it('behavior: a link over the redirect under way (the page the wallet sent back) shows its step without a click; Cancel, then Done once linked', async () => {
    const phone = [{ key: 'phantom', name: 'Phantom', installed: false, connectVia: 'mobileRedirect' as const, mobileUrl: 'https://phantom.app/ul/browse/x' }];
    const linkFlow = fakeWalletFlow({ wallets: phone, status: 'signing', mobileStatus: 'returned', walletKey: 'phantom' });
    const user = userEvent.setup();
    const { container, unmount } = renderInKit(<LinkedWallets wallets={wallets.slice(0, 1)} canLinkMore linkFlow={linkFlow} onMakePrimary={vi.fn()} onUnlink={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Link a wallet', level: 3 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Connected. Opening Phantom to sign the message that links it…');
    expect(screen.queryByRole('button', { name: 'Link another wallet' })).toBeNull();
    // While the wallet is asked, Cancel (the list's) is the one way out.
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(linkFlow.cancel).toHaveBeenCalledTimes(1);
    unmount();
    // Linked: the step says so, and Done closes the list (the flow starts over).
    renderInKit(<LinkedWallets wallets={wallets.slice(0, 1)} canLinkMore linkFlow={{ ...linkFlow, status: 'done', mobileStatus: 'signedIn' }} onMakePrimary={vi.fn()} onUnlink={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Phantom is linked to your account.');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(linkFlow.reset).toHaveBeenCalledTimes(1);
  });

  it('default: nothing under way, the list of wallets to link stays behind "Link another wallet"', () => {
    renderInKit(<LinkedWallets wallets={wallets.slice(0, 1)} canLinkMore linkFlow={fakeWalletFlow({ mobileStatus: 'idle' })} onMakePrimary={vi.fn()} onUnlink={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Link another wallet' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Wallets' })).toBeNull();
  });

  it('behavior: an unlink waiting for a second factor shows "Confirm it’s you" under the list, instead of the refusal and "Link another wallet"; accessible', async () => {
    const user = userEvent.setup();
    const stepUp = fakeStepUp({ error: mfaInvalidCodeError });
    const two = [wallets[0]!, { id: 'cred-solflare', address: '4444VjbNWCkGDQfEmxgNgUCwRFyvRgCB8GtM1Za8kJ9', canUnlink: true }];
    const props = { wallets: two, canUnlink: true, canLinkMore: true, linkFlow: fakeWalletFlow({ mobileStatus: 'idle' }), onMakePrimary: vi.fn(), onUnlink: vi.fn() };
    const { container, rerender } = renderInKit(<LinkedWallets {...props} busy error={{ code: 'mfa_invalid_request', status: 403, message: 'Refused.' }} stepUp={<StepUpPrompt flow={stepUp} />} />);
    const prompt = screen.getByRole('region', { name: 'Confirm it’s you' });
    expect(prompt).toHaveTextContent('Unlinking a way to sign in needs a second step you passed in the last few minutes.');
    expect(within(prompt).getByRole('alert')).toHaveTextContent('Invalid code');
    expect(screen.queryByText('Refused.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Link another wallet' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Unlink 4444…8kJ9' }));
    expect(props.onUnlink).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(stepUp.cancelStepUp).toHaveBeenCalledTimes(1);
    // Without a step-up, the refusal is back, and so is "Link another wallet".
    rerender(<LinkedWallets {...props} error={{ code: 'mfa_invalid_request', status: 403, message: 'Refused.' }} />);
    expect(screen.queryByRole('region', { name: 'Confirm it’s you' })).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Refused.');
    expect(screen.getByRole('button', { name: 'Link another wallet' })).toBeInTheDocument();
  });
});
