import type { FlowError } from '../shared/FlowError.js';

/**
 * What the passkey components need from `usePasskey()` of `@latchkey/headless/react`, declared
 * structurally so the presentational pieces (and their stories) need no client.
 */
export type PasskeyFlowStatus = 'idle' | 'registering' | 'signingIn' | 'loading' | 'renaming' | 'deleting' | 'done';

/** A passkey record as the list shows it (SPEC §3). */
export interface PasskeyItem {
  id: string;
  alias?: string | null | undefined;
  createdAt: string;
  storage?: 'platform' | 'cross-platform' | null | undefined;
  userAgent?: string | null | undefined;
}

export interface PasskeyFlowModel {
  status: PasskeyFlowStatus;
  passkeys: readonly PasskeyItem[] | undefined;
  registered: PasskeyItem | undefined;
  error: FlowError | undefined;
  isBusy: boolean;
  isCeremony: boolean;
  register(alias?: string): unknown;
  signIn(): unknown;
  load(): unknown;
  rename(id: string, alias: string): unknown;
  remove(id: string): unknown;
  cancel(): unknown;
  reset(): unknown;
}
