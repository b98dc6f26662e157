import { vi } from 'vitest';
import type { PasskeyFlowModel, PasskeyItem } from '../flows/Passkey/types.js';

/** A fixed passkey flow view model with spy commands, for rendering one state. */
export function fakePasskeyFlow(overrides: Partial<PasskeyFlowModel> = {}): PasskeyFlowModel {
  return {
    status: 'idle',
    passkeys: undefined,
    registered: undefined,
    error: undefined,
    isBusy: false,
    isCeremony: false,
    register: vi.fn(),
    signIn: vi.fn(),
    load: vi.fn(),
    rename: vi.fn(),
    remove: vi.fn(),
    cancel: vi.fn(),
    reset: vi.fn(),
    ...overrides,
  };
}

export const samplePasskeys: PasskeyItem[] = [
  { id: 'pk-1', alias: 'MacBook', createdAt: '2026-03-02T10:00:00.000Z', storage: 'platform' },
  { id: 'pk-2', alias: null, createdAt: '2026-04-11T08:30:00.000Z', storage: 'cross-platform' },
];
