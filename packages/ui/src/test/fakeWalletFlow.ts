import { vi } from 'vitest';
import type { WalletFlowModel, WalletListItem } from '../flows/WalletSignIn/WalletSignInModel.js';

export const sampleWallets: WalletListItem[] = [
  { key: 'testwallet', name: 'Test Wallet', installed: true },
  { key: 'phantom', name: 'Phantom', installed: false, installUrl: 'https://chromewebstore.google.com/detail/bfnaelmomeimhlpmgjnjophhpkkoljpa' },
  { key: 'solflare', name: 'Solflare', installed: false, installUrl: 'https://chromewebstore.google.com/detail/bhhhlbepdkbapadjdnnojkbgioiodbic' },
];

/** A wallet flow with spies for its commands (UI tests and stories). */
export function fakeWalletFlow(overrides: Partial<WalletFlowModel> = {}): WalletFlowModel {
  return {
    status: 'idle',
    wallets: sampleWallets,
    walletKey: undefined,
    error: undefined,
    connect: vi.fn(),
    link: vi.fn(),
    confirm: vi.fn(),
    cancel: vi.fn(),
    reset: vi.fn(),
    ...overrides,
  };
}
