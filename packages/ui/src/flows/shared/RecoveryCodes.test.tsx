import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { RecoveryCodes } from './RecoveryCodes.js';

describe('RecoveryCodes', () => {
  it('behavior: the codes are listed once; Done needs the acknowledgement; copy writes them all', async () => {
    const onAcknowledge = vi.fn();
    const user = userEvent.setup();
    const codes = ['7kq2-m9xd', 'abcd-efgh'];
    const { container } = renderInKit(<RecoveryCodes codes={codes} onAcknowledge={onAcknowledge} />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onAcknowledge).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    await vi.waitFor(async () => expect(await navigator.clipboard.readText()).toBe('7kq2-m9xd\nabcd-efgh\n'));
    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onAcknowledge).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });
});
