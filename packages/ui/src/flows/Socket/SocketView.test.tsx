import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { SocketView } from './SocketView.js';
import type { SocketFlowModel } from './SocketModel.js';

const flow = (overrides: Partial<SocketFlowModel>): SocketFlowModel => ({ status: 'notReady', connection: 'idle', reconnectAttempts: 0, error: undefined, connect: vi.fn(), ...overrides });

describe('SocketView', () => {
  it.each([
    ['ready', 'Connected to the wallet service.'],
    ['connecting', 'Connecting to the wallet service…'],
    ['waiting', 'Connection lost. Reconnecting (attempt 3)…'],
  ] as const)('default: %s says so', async (connection, sentence) => {
    const { container } = renderInKit(<SocketView flow={flow({ connection, reconnectAttempts: 3, status: connection === 'ready' ? 'ready' : 'notReady' })} />);
    expect(screen.getByRole('status')).toHaveTextContent(sentence);
    expect(container.querySelector('[data-flow="socket"]')).toHaveAttribute('data-state', connection);
    await expectNoAxeViolations(container);
  });

  it('behavior: closed offers Reconnect, which connects; an error no call could carry is shown', async () => {
    const closed = flow({ connection: 'closed', error: { code: 'socket_subscribe_failed', message: 'Failed subscribing to an event' } });
    renderInKit(<SocketView flow={closed} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed subscribing to an event');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(closed.connect).toHaveBeenCalledTimes(1);
  });
});
