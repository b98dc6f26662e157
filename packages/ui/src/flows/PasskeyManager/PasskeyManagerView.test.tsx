import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakePasskeyManagerFlow, previouslyRegisteredError, samplePasskeys } from '../../test/fakePasskeyFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { PasskeyManagerView } from './PasskeyManagerView.js';

describe('PasskeyManagerView', () => {
  it('default: loads the list when shown; names, storage and dates; accessible', async () => {
    const flow = fakePasskeyManagerFlow({ passkeys: samplePasskeys });
    const { container } = renderInKit(<PasskeyManagerView flow={flow} />);
    expect(flow.load).not.toHaveBeenCalled(); // already loaded
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('MacBook');
    // The date in the locale (Intl, English by default), not an ISO string.
    expect(items[0]).toHaveTextContent('This device · Added Mar 2, 2026');
    expect(items[1]).toHaveTextContent('Passkey');
    expect(items[1]).toHaveTextContent('Security key');
    await expectNoAxeViolations(container);

    const unloaded = fakePasskeyManagerFlow();
    renderInKit(<PasskeyManagerView flow={unloaded} />);
    expect(unloaded.load).toHaveBeenCalledTimes(1);
  });

  it('behavior: add, rename (trimmed) and remove call the flow', async () => {
    const flow = fakePasskeyManagerFlow({ passkeys: samplePasskeys });
    const user = userEvent.setup();
    renderInKit(<PasskeyManagerView flow={flow} />);
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
    const flow = fakePasskeyManagerFlow({ passkeys: samplePasskeys });
    const user = userEvent.setup();
    renderInKit(<PasskeyManagerView flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Rename MacBook' }));
    await user.clear(screen.getByLabelText('Passkey name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(flow.rename).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name of 1 to 64 characters.');
  });

  it('error: the flow error is shown; an empty list says so; registering is busy with Cancel', async () => {
    const user = userEvent.setup();
    const { unmount } = renderInKit(
      <PasskeyManagerView flow={fakePasskeyManagerFlow({ passkeys: [], error: previouslyRegisteredError })} />,
    );
    expect(screen.getByText('No sign-in passkeys yet. Add one to sign in without a code.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This authenticator was already registered.');
    unmount();
    const flow = fakePasskeyManagerFlow({ passkeys: samplePasskeys, status: 'registering', isBusy: true });
    renderInKit(<PasskeyManagerView flow={flow} />);
    const section = screen.getByRole('region', { name: 'Passkeys' });
    expect(section).toHaveAttribute('data-state', 'registering');
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    expect(flow.register).not.toHaveBeenCalled();
    await user.click(within(section).getByRole('button', { name: 'Cancel' }));
    expect(flow.cancel).toHaveBeenCalledTimes(1);
  });
});
