import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MessagesProvider } from '../messages/messagesContext.js';
import { ar } from '../messages/locales/ar.js';
import { CreateWalletStep } from './EmbeddedWallet/CreateWalletStep.js';
import { ExportStep } from './EmbeddedWallet/ExportStep.js';
import { RecoveryStep } from './EmbeddedWallet/RecoveryStep.js';
import { SocketView } from './Socket/SocketView.js';
import { WalletList } from './WalletSignIn/WalletList.js';

/**
 * A host may place these parts in its own page (left to right), outside the kit's layers: in a right-to-left locale
 * each carries `dir="rtl"` on its root itself, as the sign-in flows do, so its words and controls mirror.
 */
const parts: [string, ReactElement][] = [
  ['socket', <SocketView flow={{ status: 'ready', connection: 'ready', reconnectAttempts: 0, error: undefined, connect: vi.fn() }} />],
  ['wallet', <WalletList wallets={[]} onSelect={vi.fn()} />],
  ['embedded-wallet-create', <CreateWalletStep forceAuthenticator={false} allowSkipping isBusy={false} error={undefined} onCreate={vi.fn()} />],
  ['embedded-wallet-export', <ExportStep state="idle" error={undefined} onShow={vi.fn()} />],
  ['embedded-wallet-recovery', <RecoveryStep awaitingCode={false} isBusy={false} error={undefined} onSendCode={vi.fn()} onSubmitCode={vi.fn()} />],
];

describe('direction of the parts a host can place in its own page', () => {
  it.each(parts)('behavior: %s carries dir="rtl" in Arabic (and "ltr" in English)', (flow, part) => {
    const { container, unmount } = render(<MessagesProvider value={{ locale: 'ar', dir: 'rtl', catalogue: ar, overrides: {} }}>{part}</MessagesProvider>);
    expect(container.querySelector(`[data-flow="${flow}"]`)).toHaveAttribute('dir', 'rtl');
    unmount();
    const english = render(<MessagesProvider value={{ locale: 'en', dir: 'ltr', catalogue: undefined, overrides: {} }}>{part}</MessagesProvider>);
    expect(english.container.querySelector(`[data-flow="${flow}"]`)).toHaveAttribute('dir', 'ltr');
  });
});
