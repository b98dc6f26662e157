import type { SignInResponse } from '@latchkey/protocol';
import { BROWSER_WALLET_SIGN_DELAY_MS } from '@latchkey/protocol/constants';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { MobileWallet, MobileWalletResult } from '../../mobileWallets/createMobileWallet.js';
import { MOBILE_SIGN_IN_KEY, readMobileSignInAttempt } from '../../mobileWallets/mobileSignInAttempt.js';
import type { WalletSignInClient } from '../walletSignIn/walletSignInMachine.js';
import { requestSignInSignature, verifySignInSignature, type MobileSignInPage } from './mobileSignIn.js';

export interface MobileWalletInput {
  /** The redirect wallet; a sign-in may bring another one (`user.signIn`, `user.completeReturn`). */
  mobileWallet?: MobileWallet | undefined;
  /** Needed for sign-in and linking over the redirect (nonce, `POST /verify`, the session hand-over). */
  client?: WalletSignInClient;
  /** The page the message names (`domain` = host, `uri` = origin). Default: `window.location`. */
  page?: () => MobileSignInPage;
  now?: () => Date;
  statement?: string;
}

/** A signature brought back by the last return. */
export type MobileWalletSignature = Exclude<MobileWalletResult, { kind: 'connect' }>;

export interface MobileWalletContext {
  mobileWallet: MobileWallet | undefined;
  client: WalletSignInClient | undefined;
  page: () => MobileSignInPage;
  now: () => Date;
  statement: string;
  /** What the attempt under way (or the last one) is for: a plain connection, or a sign-in / link over the redirect; each return sets it again from the stored attempt. */
  purpose: 'connect' | 'signIn' | 'link';
  address: string | undefined;
  result: MobileWalletSignature | undefined;
  error: LatchkeyError | undefined;
}

export type MobileWalletEvent =
  | { type: 'user.connect' }
  | { type: 'user.signMessage'; message: Uint8Array }
  | { type: 'user.signTransaction'; transaction: Uint8Array }
  | { type: 'user.signIn'; mobileWallet: MobileWallet; purpose?: 'signIn' | 'link' }
  | { type: 'user.completeReturn'; mobileWallet?: MobileWallet }
  | { type: 'user.disconnect' }
  | { type: 'user.cancel' }
  | { type: 'user.reset' };

export type MobileWalletStatus =
  | 'idle'
  | 'redirecting'
  | 'completingReturn'
  | 'connected'
  | 'signing'
  | 'signed'
  | 'returned'
  | 'requestingSignature'
  | 'verifying'
  | 'signedIn'
  | 'rejected'
  | 'failed';

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const REJECTIONS = new Set(['user_rejected_request', 'user_rejected_transaction', 'USER_REJECTED', 'MESSAGE_SIGNATURE_DENIED', 'CONNECTION_REJECTED']);
/** Refusals that leave the attempt under way untouched: a reply that is not the one awaited changes nothing. */
const FOREIGN = new Set(['mobile_wallet_return_replayed']);
const outputParams = ({ event }: { event: { output: MobileWalletResult | undefined } }) => ({ output: event.output });

function defaultPage(): MobileSignInPage {
  return { domain: globalThis.location.host, uri: globalThis.location.origin };
}

/**
 * A mobile redirect wallet (SPEC §4): `idle` → `redirecting` (the page leaves for the wallet's connect link) →
 * back on a new page, `user.completeReturn` → `completingReturn` → `connected`; `user.signMessage` /
 * `user.signTransaction` → `signing` (the page leaves again) → back, `completingReturn` → `signed` with the
 * verified signature. A refusal ends in `rejected`, anything else (tampered, replayed, not connected) in `failed`;
 * `user.reset` goes back to `connected` or `idle` from the stored connection. `user.disconnect` clears it all.
 * `user.cancel` while `redirecting` or `signing` (no app took the link, or the user came back unanswered) goes back
 * the same way, the request dropped: a late reply to it is refused (`mobile_wallet_return_replayed`).
 *
 * Sign-in (or link) over the redirect, `user.signIn`: the attempt is stored (it outlives every page load) and the page
 * leaves to connect; back with the encrypted session → `returned` → after SPEC §4's 100 ms → `requestingSignature`
 * (a fresh nonce, the SIWS message, the page leaves to sign) → back with the verified signature → `verifying`
 * (`POST /verify` or `/verify/link`) → `signedIn`, the session handed over. A replayed or foreign return is refused in
 * `failed` and leaves the attempt as it was; a stale one (`mobile_wallet_return_expired`) ends it; nothing is stored.
 */
export const mobileWalletMachine = setup({
  types: {
    context: {} as MobileWalletContext,
    events: {} as MobileWalletEvent,
    input: {} as MobileWalletInput,
    tags: {} as 'busy' | 'error',
  },
  actors: {
    startConnect: fromPromise<void, { mobileWallet: MobileWallet | undefined }>(async ({ input }) => input.mobileWallet?.connect()),
    startSigning: fromPromise<void, { mobileWallet: MobileWallet | undefined; request: MobileWalletEvent }>(async ({ input }) => {
      if (input.request.type === 'user.signMessage') input.mobileWallet?.signMessage(input.request.message);
      else if (input.request.type === 'user.signTransaction') input.mobileWallet?.signTransaction(input.request.transaction);
    }),
    completeReturn: fromPromise<MobileWalletResult | undefined, { mobileWallet: MobileWallet | undefined }>(async ({ input }) => input.mobileWallet?.completeReturn()),
    requestSignature: fromPromise<void, { client: WalletSignInClient | undefined; mobileWallet: MobileWallet | undefined; page: MobileSignInPage; now: Date; statement: string }>(
      async ({ input }) => requestSignInSignature(input),
    ),
    verifySignature: fromPromise<SignInResponse, { client: WalletSignInClient | undefined; mobileWallet: MobileWallet | undefined; result: MobileWalletSignature | undefined }>(
      async ({ input }) => verifySignInSignature(input),
    ),
  },
  actions: {
    assignStored: assign(({ context }) => ({ address: context.mobileWallet?.getConnection()?.address, error: undefined })),
    assignReturn: assign(({ context }, params: { output: MobileWalletResult | undefined }) => ({
      address: context.mobileWallet?.getConnection()?.address,
      result: params.output && params.output.kind !== 'connect' ? params.output : context.result,
      error: undefined,
    })),
    assignError: assign(({ context }, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error), address: context.mobileWallet?.getConnection()?.address })),
    clearResult: assign({ result: undefined, error: undefined }),
    disconnect: assign(({ context }) => {
      context.mobileWallet?.disconnect();
      context.client?.storage.remove(MOBILE_SIGN_IN_KEY);
      return { address: undefined, result: undefined, error: undefined, purpose: 'connect' as const };
    }),
    /** Remembers the sign-in (its wallet's links too: the return page needs no catalogue) before the page leaves. */
    startAttempt: assign(({ context }, params: { mobileWallet: MobileWallet; purpose: 'signIn' | 'link' }) => {
      context.client?.storage.set(MOBILE_SIGN_IN_KEY, { purpose: params.purpose, links: params.mobileWallet.wallet, createdAt: context.now().getTime() });
      return { mobileWallet: params.mobileWallet, purpose: params.purpose, address: undefined, result: undefined, error: undefined };
    }),
    /** A return page: the wallet and purpose come back from the stored attempt. */
    resumeAttempt: assign(({ context, event }) => {
      const attempt = context.client ? readMobileSignInAttempt(context.client.storage) : undefined;
      const mobileWallet = event.type === 'user.completeReturn' && event.mobileWallet ? event.mobileWallet : context.mobileWallet;
      return { mobileWallet, purpose: attempt && attempt.links.key === mobileWallet?.wallet.key ? attempt.purpose : ('connect' as const) };
    }),
    /** The wallet's request under way is dropped: a late reply to it is refused. */
    cancelRequest: ({ context }) => context.mobileWallet?.cancelRequest(),
    /** The stored attempt is gone; `purpose` keeps saying what it was for (a view says "linked", not "signed in"). */
    endAttempt: ({ context }) => context.client?.storage.remove(MOBILE_SIGN_IN_KEY),
    notifySignInStarted: ({ context }) => {
      if (context.purpose === 'signIn') context.client?.session.send({ type: 'user.startSignIn' });
    },
    notifySignInEnded: ({ context }) => {
      if (context.purpose === 'signIn') context.client?.session.send({ type: 'user.cancelSignIn' });
    },
    handOver: ({ context }, params: { response: SignInResponse }) => context.client?.session.send({ type: 'server.signedIn', response: params.response }),
  },
  guards: {
    isConnected: ({ context }) => context.mobileWallet?.getConnection() !== undefined,
    isSignature: (_, params: { output: MobileWalletResult | undefined }) => params.output !== undefined && params.output.kind !== 'connect',
    isRejection: (_, params: { error: unknown }) => REJECTIONS.has(toLatchkeyErrorSync(params.error).code),
    isForeign: (_, params: { error: unknown }) => FOREIGN.has(toLatchkeyErrorSync(params.error).code),
    /** The connect return of a sign-in: the message is asked for next. */
    isSignInConnect: ({ context }, params: { output: MobileWalletResult | undefined }) => context.purpose !== 'connect' && params.output?.kind === 'connect',
    /** The signature return of a sign-in: it goes to the server next. */
    isSignInSignature: ({ context }, params: { output: MobileWalletResult | undefined }) => context.purpose !== 'connect' && params.output?.kind === 'signMessage',
  },
}).createMachine({
  id: 'mobileWallet',
  context: ({ input }) => ({
    mobileWallet: input.mobileWallet,
    client: input.client,
    page: input.page ?? defaultPage,
    now: input.now ?? (() => new Date()),
    statement: input.statement ?? 'Sign in with your wallet.',
    purpose: 'connect',
    address: input.mobileWallet?.getConnection()?.address,
    result: undefined,
    error: undefined,
  }),
  initial: 'restoring',
  on: {
    'user.disconnect': { target: '.idle', actions: 'disconnect' },
    'user.completeReturn': { target: '.completingReturn', actions: 'resumeAttempt' },
  },
  states: {
    restoring: {
      always: [{ guard: 'isConnected', target: 'connected', actions: 'assignStored' }, { target: 'idle', actions: 'assignStored' }],
    },
    idle: {
      on: {
        'user.connect': 'redirecting',
        'user.signIn': {
          target: 'redirecting',
          actions: { type: 'startAttempt', params: ({ event }) => ({ mobileWallet: event.mobileWallet, purpose: event.purpose ?? 'signIn' }) },
        },
      },
    },
    redirecting: {
      tags: ['busy'],
      invoke: {
        src: 'startConnect',
        input: ({ context }) => ({ mobileWallet: context.mobileWallet }),
        // On success the page is leaving for the wallet: stay here.
        onError: { target: 'failed', actions: { type: 'assignError', params: errorParams } },
      },
      // The page did not leave (no app handles the link), or came back (Back, the back-forward cache) unanswered.
      on: { 'user.cancel': { target: 'restoring', actions: ['cancelRequest', 'endAttempt'] } },
    },
    connected: {
      on: {
        'user.signMessage': { target: 'signing', actions: 'clearResult' },
        'user.signTransaction': { target: 'signing', actions: 'clearResult' },
        'user.connect': 'redirecting',
        'user.signIn': {
          target: 'redirecting',
          actions: { type: 'startAttempt', params: ({ event }) => ({ mobileWallet: event.mobileWallet, purpose: event.purpose ?? 'signIn' }) },
        },
      },
    },
    signing: {
      tags: ['busy'],
      invoke: {
        src: 'startSigning',
        input: ({ context, event }) => ({ mobileWallet: context.mobileWallet, request: event }),
        onError: { target: 'failed', actions: { type: 'assignError', params: errorParams } },
      },
      on: { 'user.cancel': { target: 'restoring', actions: 'cancelRequest' } },
    },
    completingReturn: {
      tags: ['busy'],
      invoke: {
        src: 'completeReturn',
        input: ({ context }) => ({ mobileWallet: context.mobileWallet }),
        onDone: [
          { guard: { type: 'isSignInConnect', params: outputParams }, target: 'returned', actions: { type: 'assignReturn', params: outputParams } },
          { guard: { type: 'isSignInSignature', params: outputParams }, target: 'verifying', actions: { type: 'assignReturn', params: outputParams } },
          { guard: { type: 'isSignature', params: outputParams }, target: 'signed', actions: { type: 'assignReturn', params: outputParams } },
          { guard: 'isConnected', target: 'connected', actions: { type: 'assignReturn', params: outputParams } },
          { target: 'idle', actions: { type: 'assignReturn', params: outputParams } },
        ],
        onError: [
          // Not the reply awaited (replayed, foreign): refused, and the attempt under way stays as it was.
          { guard: { type: 'isForeign', params: errorParams }, target: 'failed', actions: { type: 'assignError', params: errorParams } },
          { guard: { type: 'isRejection', params: errorParams }, target: 'rejected', actions: ['endAttempt', { type: 'assignError', params: errorParams }] },
          { target: 'failed', actions: ['endAttempt', { type: 'assignError', params: errorParams }] },
        ],
      },
    },
    /** Connected for a sign-in: the wallet signs after SPEC §4's delay (the page shows it is back before leaving again). */
    returned: {
      tags: ['busy'],
      after: { [BROWSER_WALLET_SIGN_DELAY_MS]: 'requestingSignature' },
      on: { 'user.cancel': { target: 'restoring', actions: 'endAttempt' } },
    },
    /** A fresh nonce, the Sign-In-With-Solana message, and the page leaves for the wallet's signMessage link. */
    requestingSignature: {
      tags: ['busy'],
      on: { 'user.cancel': { target: 'restoring', actions: ['cancelRequest', 'endAttempt'] } },
      invoke: {
        src: 'requestSignature',
        input: ({ context }) => ({ client: context.client, mobileWallet: context.mobileWallet, page: context.page(), now: context.now(), statement: context.statement }),
        onError: { target: 'failed', actions: ['endAttempt', { type: 'assignError', params: errorParams }] },
      },
    },
    verifying: {
      tags: ['busy'],
      entry: 'notifySignInStarted',
      invoke: {
        src: 'verifySignature',
        input: ({ context }) => ({ client: context.client, mobileWallet: context.mobileWallet, result: context.result }),
        onDone: { target: 'signedIn', actions: [{ type: 'handOver', params: ({ event }) => ({ response: event.output }) }, 'endAttempt'] },
        onError: { target: 'failed', actions: ['notifySignInEnded', 'endAttempt', { type: 'assignError', params: errorParams }] },
      },
    },
    signedIn: {
      on: {
        'user.reset': { target: 'restoring', actions: 'clearResult' },
        'user.signIn': {
          target: 'redirecting',
          actions: { type: 'startAttempt', params: ({ event }) => ({ mobileWallet: event.mobileWallet, purpose: event.purpose ?? 'signIn' }) },
        },
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
      on: {
        'user.reset': { target: 'restoring', actions: 'clearResult' },
        'user.connect': 'redirecting',
        'user.signIn': {
          target: 'redirecting',
          actions: { type: 'startAttempt', params: ({ event }) => ({ mobileWallet: event.mobileWallet, purpose: event.purpose ?? 'signIn' }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'user.reset': { target: 'restoring', actions: 'clearResult' },
        'user.connect': 'redirecting',
        'user.signIn': {
          target: 'redirecting',
          actions: { type: 'startAttempt', params: ({ event }) => ({ mobileWallet: event.mobileWallet, purpose: event.purpose ?? 'signIn' }) },
        },
      },
    },
  },
});

export type MobileWalletMachine = typeof mobileWalletMachine;
export type MobileWalletActorRef = ActorRefFrom<typeof mobileWalletMachine>;
export type MobileWalletSnapshot = SnapshotFrom<typeof mobileWalletMachine>;

export function mobileWalletStatus(snapshot: MobileWalletSnapshot): MobileWalletStatus {
  return snapshot.value as MobileWalletStatus;
}
