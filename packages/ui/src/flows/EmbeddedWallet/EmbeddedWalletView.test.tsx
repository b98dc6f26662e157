import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import type { EmbeddedWalletFlowModel } from './EmbeddedWalletModel.js';
import { EmbeddedWalletView } from './EmbeddedWalletView.js';

const account = { id: 'cred-1', address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', organizationId: 'org-1', walletId: 'hd-1', isAuthenticatorAttached: false };
const flow = (overrides: Partial<EmbeddedWalletFlowModel> = {}): EmbeddedWalletFlowModel => ({
  status: 'none',
  account: undefined,
  expiresAt: undefined,
  error: undefined,
  isBusy: false,
  awaitingRecoveryCode: false,
  settings: undefined,
  create: vi.fn(async () => account),
  openSession: vi.fn(),
  startRecovery: vi.fn(),
  completeRecovery: vi.fn(),
  ...overrides,
});

describe('EmbeddedWalletView', () => {
  it('default: no wallet → create; created with promptForKeyExport → onCreated; accessible', async () => {
    const user = userEvent.setup();
    const onCreated = vi.fn();
    const model = flow({ settings: { forceAuthenticator: false, allowSkipping: false, promptForKeyExport: true, emailRecoveryEnabled: false } as EmbeddedWalletFlowModel['settings'] });
    const { container } = renderInKit(<EmbeddedWalletView flow={model} screen="home" home={() => <p>home</p>} exportStep={<p>export</p>} onCreated={onCreated} />);
    expect(container.querySelector('[data-flow="embedded-wallet"]')).toHaveAttribute('data-state', 'none');
    expect(screen.queryByText('home')).toBeNull();
    await expectNoAxeViolations(container);
    await user.click(screen.getAllByRole('button')[0]!);
    expect(model.create).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
  });

  it('behavior: with a wallet — home with the session prompt (unlock), export and recovery screens', async () => {
    const user = userEvent.setup();
    const model = flow({ status: 'none', account });
    const first = renderInKit(<EmbeddedWalletView flow={model} screen="home" home={(extra) => <div>home{extra}</div>} exportStep={<p>export</p>} />);
    expect(screen.getByText(/home/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlock wallet' }));
    expect(model.openSession).toHaveBeenCalledTimes(1);
    first.unmount();
    const exporting = renderInKit(<EmbeddedWalletView flow={model} screen="export" home={() => <p>home</p>} exportStep={<p>export</p>} />);
    expect(screen.getByText('export')).toBeInTheDocument();
    exporting.unmount();
    renderInKit(<EmbeddedWalletView flow={flow({ status: 'active', account, error: { code: 'email_recovery_disabled', message: 'Cannot proceed with your request' } })} screen="recover" home={() => <p>home</p>} exportStep={<p>export</p>} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Cannot proceed with your request');
  });
});
