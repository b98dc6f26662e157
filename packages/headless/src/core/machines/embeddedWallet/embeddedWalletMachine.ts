import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { isNetworkFailure } from '../../errors/toLatchkeyError.js';
import type { SessionKey } from '../../embedded/stampers/createSessionKeyStamper.js';

/** An active embedded-wallet session: a session key and when custody stops accepting it. */
export interface ActiveSession {
  key: SessionKey;
  /** ms since epoch. */
  expiresAt: number;
}

/** What the machine needs: find a stored session, or make and register a new one. */
export interface EmbeddedSessionClient {
  /** The stored, unexpired session of the signed-in user, if any. */
  restore(): Promise<ActiveSession | undefined>;
  /** Drops any stored session, then creates, registers and stores a new one. */
  create(): Promise<ActiveSession>;
  now(): number;
}

export interface EmbeddedWalletInput {
  client: EmbeddedSessionClient;
}

export interface EmbeddedWalletContext {
  client: EmbeddedSessionClient;
  session: ActiveSession | undefined;
  /** Whether the next load may restore a stored session (false after custody rejected the key). */
  restore: boolean;
  error: LatchkeyError | undefined;
}

export type EmbeddedWalletEvent =
  /** An operation needs a session: restore one, or create it. */
  | { type: 'user.open' }
  /** Custody answered 16 'expired api key' / 'could not find public key': drop and recreate without restore. */
  | { type: 'server.keyRejected' }
  /** A new wallet: start its first session with a fresh key (no restore). */
  | { type: 'user.renew' }
  /** E-mail recovery handed over a key. */
  | { type: 'server.recovered'; session: ActiveSession }
  | { type: 'user.close' };

/** `none` → `loading` → `active` (SPEC §4); `failed` keeps the error until the next `user.open`. */
export type EmbeddedWalletStatus = 'none' | 'loading' | 'active' | 'failed';

/** 'Failed to create or restore session', unless the user can do better with what really happened (no account, no network). */
const toSessionError = (error: unknown): LatchkeyError => {
  if (error instanceof LatchkeyError && (error.code === 'no_custody_account' || error.code === 'network_error')) return error;
  if (error instanceof TypeError || isNetworkFailure(error)) return new LatchkeyError('network_error', { cause: error });
  return new LatchkeyError('failed_to_create_or_restore_session', { cause: error });
};

/**
 * The embedded-wallet session of SPEC §4. `loading` restores a stored session or creates one
 * (without restore after a rejected key); `active` lasts until the key's expiry (an `after`
 * delay, so a simulated clock drives it), then back to `none`.
 */
export const embeddedWalletMachine = setup({
  types: {
    input: {} as EmbeddedWalletInput,
    context: {} as EmbeddedWalletContext,
    events: {} as EmbeddedWalletEvent,
  },
  actors: {
    createOrRestoreSession: fromPromise<ActiveSession, { client: EmbeddedSessionClient; restore: boolean }>(async ({ input }) => {
      if (input.restore) {
        const restored = await input.client.restore();
        if (restored && restored.expiresAt > input.client.now()) return restored;
      }
      return input.client.create();
    }),
  },
  actions: {
    setSession: assign((_, params: { session: ActiveSession }) => ({ session: params.session, error: undefined, restore: true })),
    clearSession: assign({ session: undefined }),
    forbidRestore: assign({ session: undefined, restore: false }),
    allowRestore: assign({ restore: true }),
    setError: assign((_, params: { error: unknown }) => ({ error: toSessionError(params.error), session: undefined })),
  },
  delays: {
    sessionExpiry: ({ context }) => Math.max(0, (context.session?.expiresAt ?? 0) - context.client.now()),
  },
}).createMachine({
  id: 'embeddedWalletSession',
  context: ({ input }) => ({ client: input.client, session: undefined, restore: true, error: undefined }),
  initial: 'none',
  on: {
    'server.recovered': {
      target: '.active',
      actions: { type: 'setSession', params: ({ event }) => ({ session: event.session }) },
    },
    'server.keyRejected': { target: '.loading', actions: 'forbidRestore' },
    'user.renew': { target: '.loading', actions: 'forbidRestore' },
  },
  states: {
    none: {
      on: { 'user.open': 'loading' },
    },
    loading: {
      invoke: {
        src: 'createOrRestoreSession',
        input: ({ context }) => ({ client: context.client, restore: context.restore }),
        onDone: { target: 'active', actions: { type: 'setSession', params: ({ event }) => ({ session: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    active: {
      after: { sessionExpiry: { target: 'none', actions: 'clearSession' } },
      on: {
        'user.close': { target: 'none', actions: 'clearSession' },
      },
    },
    failed: {
      on: { 'user.open': { target: 'loading', actions: 'allowRestore' } },
    },
  },
});

export type EmbeddedWalletMachine = typeof embeddedWalletMachine;
export type EmbeddedWalletActorRef = ActorRefFrom<EmbeddedWalletMachine>;
export type EmbeddedWalletSnapshot = SnapshotFrom<EmbeddedWalletMachine>;

export function embeddedWalletStatus(snapshot: EmbeddedWalletSnapshot): EmbeddedWalletStatus {
  return snapshot.value as EmbeddedWalletStatus;
}
