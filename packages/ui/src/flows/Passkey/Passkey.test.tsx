import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakePasskeyFlow, samplePasskeys } from '../../test/fakePasskeyFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { PasskeyManager } from './PasskeyManager.js';
import { PasskeySignIn } from './PasskeySignIn.js';

describe('PasskeySignIn', () => {
  it('default: one button that starts the ceremony, accessible', async () => {
    const flow = fakePasskeyFlow();
    const user = userEvent.setup();
    const { container } = renderInKit(<PasskeySignIn flow={flow} />);
    expect(container.querySelector('[data-flow="passkey"]')).toHaveAttribute('data-state', 'idle');
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(flow.signIn).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('behavior: while signing in it is busy, says so, and Cancel aborts', async () => {
    const flow = fakePasskeyFlow({ status: 'signingIn', isBusy: true, isCeremony: true });
    const user = userEvent.setup();
    renderInKit(<PasskeySignIn flow={flow} />);
    const button = screen.getByRole('button', { name: 'Sign in with a passkey' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(flow.signIn).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Waiting for your passkey…');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(flow.cancel).toHaveBeenCalledTimes(1);
  });

  it('error: shows the coded error with its wording', () => {
    renderInKit(<PasskeySignIn flow={fakePasskeyFlow({ error: { code: 'webauthn_not_supported', message: 'Webauthn is not supported on this device.' } })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Webauthn is not supported on this device.');
  });
});

describe('PasskeyManager', () => {
  it('default: loads the list when shown; names, storage and dates; accessible', async () => {
    const flow = fakePasskeyFlow({ passkeys: samplePasskeys });
    const { container } = renderInKit(<PasskeyManager flow={flow} />);
    expect(flow.load).not.toHaveBeenCalled(); // already loaded
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('MacBook');
    expect(items[0]).toHaveTextContent('This device · Added 2026-03-02');
    expect(items[1]).toHaveTextContent('Passkey');
    expect(items[1]).toHaveTextContent('Security key');
    await expectNoAxeViolations(container);

    const unloaded = fakePasskeyFlow();
    renderInKit(<PasskeyManager flow={unloaded} />);
    expect(unloaded.load).toHaveBeenCalledTimes(1);
  });

  it('behavior: add, rename (trimmed) and remove call the flow', async () => {
    const flow = fakePasskeyFlow({ passkeys: samplePasskeys });
    const user = userEvent.setup();
    renderInKit(<PasskeyManager flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(flow.register).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Rename MacBook' }));
    const field = screen.getByLabelText('Passkey name');
    await user.clear(field);
    await user.type(field, '  Work laptop {Enter}');
    expect(flow.rename).toHaveBeenCalledWith('pk-1', 'Work laptop');
    await user.click(screen.getByRole('button', { name: 'Remove Passkey' }));
    expect(flow.remove).toHaveBeenCalledWith('pk-2');
  });

  it('error: an empty name is refused before the flow is called', async () => {
    const flow = fakePasskeyFlow({ passkeys: samplePasskeys });
    const user = userEvent.setup();
    renderInKit(<PasskeyManager flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Rename MacBook' }));
    await user.clear(screen.getByLabelText('Passkey name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(flow.rename).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name of 1 to 64 characters.');
  });

  it('error: the flow error is shown; an empty list says so; registering is busy with Cancel', async () => {
    const user = userEvent.setup();
    const { unmount } = renderInKit(
      <PasskeyManager flow={fakePasskeyFlow({ passkeys: [], error: { code: 'passkey_previously_registered', message: 'This authenticator was already registered.' } })} />,
    );
    expect(screen.getByText('No passkeys yet. Add one to sign in without a code.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This authenticator was already registered.');
    unmount();
    const flow = fakePasskeyFlow({ passkeys: samplePasskeys, status: 'registering', isBusy: true, isCeremony: true });
    renderInKit(<PasskeyManager flow={flow} />);
    const section = screen.getByRole('region', { name: 'Passkeys' });
    expect(section).toHaveAttribute('data-state', 'registering');
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(flow.register).not.toHaveBeenCalled();
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(flow.cancel).toHaveBeenCalledTimes(1);
  });
});
