import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MessagesProvider } from '../messages/messagesContext.js';
import { ar } from '../messages/locales/ar.js';
import { es } from '../messages/locales/es.js';
import type { MessagesState } from '../messages/messagesContext.js';
import { ActivityView } from '../screens/WalletPanel/ActivityView.js';
import { NetworkPicker } from '../screens/WalletPanel/NetworkPicker.js';
import { UserMenuView } from '../screens/UserMenu/UserMenuView.js';
import { SessionPrompt } from './EmbeddedWallet/SessionPrompt.js';
import { BackupStep } from './MpcWallet/BackupStep.js';
import { CreateWalletStep } from './EmbeddedWallet/CreateWalletStep.js';
import { ExportStep } from './EmbeddedWallet/ExportStep.js';
import { RecoveryStep } from './EmbeddedWallet/RecoveryStep.js';
import { SocketView } from './Socket/SocketView.js';
import { WalletList } from './WalletSignIn/WalletList.js';

/**
 * A host may place these parts in its own page (left to right), outside the kit's layers: in a right-to-left locale
 * each carries `dir="rtl"` on its root itself, as the sign-in flows do, so its words and controls mirror.
 */
const arabic: MessagesState = { locale: 'ar', dir: 'rtl', catalogue: ar, overrides: {} };
const spanish: MessagesState = { locale: 'es', dir: 'ltr', catalogue: es, overrides: {} };

const parts: [string, ReactElement][] = [
  ['socket', <SocketView flow={{ status: 'ready', connection: 'ready', reconnectAttempts: 0, error: undefined, connect: vi.fn() }} />],
  ['wallet', <WalletList wallets={[]} onSelect={vi.fn()} />],
  ['embedded-wallet-create', <CreateWalletStep forceAuthenticator={false} allowSkipping isBusy={false} error={undefined} onCreate={vi.fn()} />],
  ['embedded-wallet-export', <ExportStep state="idle" error={undefined} onShow={vi.fn()} />],
  ['embedded-wallet-recovery', <RecoveryStep awaitingCode={false} isBusy={false} error={undefined} onSendCode={vi.fn()} onSubmitCode={vi.fn()} />],
];

describe('direction of the parts a host can place in its own page', () => {
  it.each(parts)('behavior: %s carries dir="rtl" and lang="ar" in Arabic (and "ltr", "en" in English)', (flow, part) => {
    const { container, unmount } = render(<MessagesProvider value={arabic}>{part}</MessagesProvider>);
    expect(container.querySelector(`[data-flow="${flow}"]`)).toHaveAttribute('dir', 'rtl');
    // A screen reader reads the part's words in its language's voice, not in the host page's.
    expect(container.querySelector(`[data-flow="${flow}"]`)).toHaveAttribute('lang', 'ar');
    unmount();
    const english = render(<MessagesProvider value={{ locale: 'en', dir: 'ltr', catalogue: undefined, overrides: {} }}>{part}</MessagesProvider>);
    expect(english.container.querySelector(`[data-flow="${flow}"]`)).toHaveAttribute('dir', 'ltr');
  });
});

describe('words and numbers of these parts in the active locale', () => {
  it('error: the activity list’s failure is said in the locale, not in the SDK’s English', () => {
    render(
      <MessagesProvider value={spanish}>
        <ActivityView status="failed" items={[]} error={{ code: 'network_error', message: 'Network error. Check your connection and try again.' }} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Error de red. Comprueba tu conexión e inténtalo de nuevo.');
  });

  it('behavior: a test network is marked in the locale', () => {
    render(
      <MessagesProvider value={spanish}>
        <NetworkPicker networks={[{ networkId: 101, name: 'Mainnet' }, { networkId: 103, name: 'Devnet', isTestnet: true }]} selectedId={101} onSelect={vi.fn()} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('option', { name: 'Devnet (pruebas)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Mainnet' })).toBeInTheDocument();
  });

  it('behavior: the menu is named by one sentence of the catalogue, with or without the user’s name', () => {
    const { unmount } = render(
      <MessagesProvider value={arabic}>
        <UserMenuView layout="popover" open email="ana@example.com" onSignOut={vi.fn()} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'مسجّل الدخول باسم ana@example.com' })).toBeInTheDocument();
    unmount();
    render(
      <MessagesProvider value={arabic}>
        <UserMenuView layout="popover" open email={undefined} onSignOut={vi.fn()} />
      </MessagesProvider>,
    );
    // Not "Signed in as" + "your account" glued together.
    expect(screen.getByRole('dialog', { name: 'تم تسجيل الدخول' })).toBeInTheDocument();
  });

  it('edge: a locale written with an underscore (ar_EG) still formats the unlock’s time, in that locale', () => {
    const expiresAt = Date.UTC(2026, 10, 29, 15, 45);
    render(
      <MessagesProvider value={{ ...arabic, locale: 'ar_EG' }}>
        <SessionPrompt flow={{ status: 'active', expiresAt, error: undefined, account: undefined }} onUnlock={vi.fn()} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain(new Intl.DateTimeFormat('ar-EG', { timeStyle: 'short' }).format(expiresAt));
  });

  it('behavior: a list is joined in the locale’s words, not with a comma written in code', () => {
    render(
      <MessagesProvider value={arabic}>
        <BackupStep locations={['productApi', 'googleDrive']} backedUpIn={['productApi', 'googleDrive']} isBusy={false} error={undefined} onBackup={vi.fn()} />
      </MessagesProvider>,
    );
    const list = new Intl.ListFormat('ar', { type: 'conjunction' }).format([ar['mpc.location.productApi'], ar['mpc.location.googleDrive']]);
    expect(screen.getByText(new RegExp(list))).toBeInTheDocument();
    expect(list).not.toContain(', ');
  });

  it('behavior: a count in a sentence is written in the locale’s digits (ar-EG: Arabic-Indic)', () => {
    render(
      <MessagesProvider value={{ ...arabic, locale: 'ar-EG' }}>
        <SocketView flow={{ status: 'notReady', connection: 'waiting', reconnectAttempts: 3, error: undefined, connect: vi.fn() }} />
      </MessagesProvider>,
    );
    expect(screen.getByRole('status').textContent).toContain('٣');
    expect(screen.getByRole('status').textContent).not.toContain('3');
  });
});

