import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { MobileWallet, MobileWalletResult } from '../../mobileWallets/createMobileWallet.js';

export interface MobileWalletInput {
  mobileWallet: MobileWallet;
}

/** A signature brought back by the last return. */
export type MobileWalletSignature = Exclude<MobileWalletResult, { kind: 'connect' }>;

export interface MobileWalletContext {
  mobileWallet: MobileWallet;
  address: string | undefined;
  result: MobileWalletSignature | undefined;
  error: LatchkeyError | undefined;
}

export type MobileWalletEvent =
  | { type: 'user.connect' }
  | { type: 'user.signMessage'; message: Uint8Array }
  | { type: 'user.signTransaction'; transaction: Uint8Array }
  | { type: 'user.completeReturn' }
  | { type: 'user.disconnect' }
  | { type: 'user.reset' };

export type MobileWalletStatus = 'idle' | 'redirecting' | 'completingReturn' | 'connected' | 'signing' | 'signed' | 'rejected' | 'failed';

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const REJECTIONS = new Set(['user_rejected_request', 'user_rejected_transaction', 'USER_REJECTED', 'MESSAGE_SIGNATURE_DENIED', 'CONNECTION_REJECTED']);

/**
 * A mobile redirect wallet (SPEC §4): `idle` → `redirecting` (the page leaves for the wallet's connect link) →
 * back on a new page, `user.completeReturn` → `completingReturn` → `connected`; `user.signMessage` /
 * `user.signTransaction` → `signing` (the page leaves again) → back, `completingReturn` → `signed` with the
 * verified signature. A refusal ends in `rejected`, anything else (tampered, replayed, not connected) in `failed`;
 * `user.reset` goes back to `connected` or `idle` from the stored connection. `user.disconnect` clears it all.
 */
export const mobileWalletMachine = setup({
  types: {
    context: {} as MobileWalletContext,
    events: {} as MobileWalletEvent,
    input: {} as MobileWalletInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    startConnect: fromPromise<void, { mobileWallet: MobileWallet }>(async ({ input }) => input.mobileWallet.connect()),
    startSigning: fromPromise<void, { mobileWallet: MobileWallet; request: MobileWalletEvent }>(async ({ input }) => {
      if (input.request.type === 'user.signMessage') input.mobileWallet.signMessage(input.request.message);
      else if (input.request.type === 'user.signTransaction') input.mobileWallet.signTransaction(input.request.transaction);
    }),
    completeReturn: fromPromise<MobileWalletResult | undefined, { mobileWallet: MobileWallet }>(async ({ input }) => input.mobileWallet.completeReturn()),
  },
  actions: {
    assignStored: assign(({ context }) => ({ address: context.mobileWallet.getConnection()?.address, error: undefined })),
    assignReturn: assign(({ context }, params: { output: MobileWalletResult | undefined }) => ({
      address: context.mobileWallet.getConnection()?.address,
      result: params.output && params.output.kind !== 'connect' ? params.output : context.result,
      error: undefined,
    })),
    assignError: assign(({ context }, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error), address: context.mobileWallet.getConnection()?.address })),
    clearResult: assign({ result: undefined, error: undefined }),
    disconnect: assign(({ context }) => {
      context.mobileWallet.disconnect();
      return { address: undefined, result: undefined, error: undefined };
    }),
  },
  guards: {
    isConnected: ({ context }) => context.mobileWallet.getConnection() !== undefined,
    isSignature: (_, params: { output: MobileWalletResult | undefined }) => params.output !== undefined && params.output.kind !== 'connect',
    isRejection: (_, params: { error: unknown }) => REJECTIONS.has(toLatchkeyErrorSync(params.error).code),
  },
}).createMachine({
  id: 'mobileWallet',
  context: ({ input }) => ({ mobileWallet: input.mobileWallet, address: input.mobileWallet.getConnection()?.address, result: undefined, error: undefined }),
  initial: 'restoring',
  on: {
    'user.disconnect': { target: '.idle', actions: 'disconnect' },
    'user.completeReturn': { target: '.completingReturn' },
  },
  states: {
    restoring: {
      always: [{ guard: 'isConnected', target: 'connected', actions: 'assignStored' }, { target: 'idle', actions: 'assignStored' }],
    },
    idle: {
      on: { 'user.connect': 'redirecting' },
    },
    redirecting: {
      tags: ['busy'],
      invoke: {
        src: 'startConnect',
        input: ({ context }) => ({ mobileWallet: context.mobileWallet }),
        // On success the page is leaving for the wallet: stay here.
        onError: { target: 'failed', actions: { type: 'assignError', params: errorParams } },
      },
    },
    connected: {
      on: {
        'user.signMessage': { target: 'signing', actions: 'clearResult' },
        'user.signTransaction': { target: 'signing', actions: 'clearResult' },
        'user.connect': 'redirecting',
      },
    },
    signing: {
      tags: ['busy'],
      invoke: {
        src: 'startSigning',
        input: ({ context, event }) => ({ mobileWallet: context.mobileWallet, request: event }),
        onError: { target: 'failed', actions: { type: 'assignError', params: errorParams } },
      },
    },
    completingReturn: {
      tags: ['busy'],
      invoke: {
        src: 'completeReturn',
        input: ({ context }) => ({ mobileWallet: context.mobileWallet }),
        onDone: [
          { guard: { type: 'isSignature', params: ({ event }) => ({ output: event.output }) }, target: 'signed', actions: { type: 'assignReturn', params: ({ event }) => ({ output: event.output }) } },
          { guard: 'isConnected', target: 'connected', actions: { type: 'assignReturn', params: ({ event }) => ({ output: event.output }) } },
          { target: 'idle', actions: { type: 'assignReturn', params: ({ event }) => ({ output: event.output }) } },
        ],
        onError: [
          { guard: { type: 'isRejection', params: errorParams }, target: 'rejected', actions: { type: 'assignError', params: errorParams } },
          { target: 'failed', actions: { type: 'assignError', params: errorParams } },
        ],
      },
    },
    signed: {
      on: {
        'user.signMessage': { target: 'signing', actions: 'clearResult' },
        'user.signTransaction': { target: 'signing', actions: 'clearResult' },
        'user.reset': { target: 'restoring', actions: 'clearResult' },
      },
    },
    rejected: {
      tags: ['error'],
      on: { 'user.reset': { target: 'restoring', actions: 'clearResult' }, 'user.connect': 'redirecting' },
    },
    failed: {
      tags: ['error'],
      on: { 'user.reset': { target: 'restoring', actions: 'clearResult' }, 'user.connect': 'redirecting' },
    },
  },
});

export type MobileWalletMachine = typeof mobileWalletMachine;
export type MobileWalletActorRef = ActorRefFrom<typeof mobileWalletMachine>;
export type MobileWalletSnapshot = SnapshotFrom<typeof mobileWalletMachine>;

export function mobileWalletStatus(snapshot: MobileWalletSnapshot): MobileWalletStatus {
  return snapshot.value as MobileWalletStatus;
}
