import type { SignInResponse, VerifyRequest } from '@latchkey/protocol';
import { captchaFields, type CaptchaClient } from '../../captcha/captchaFields.js';
import { base58 } from '@scure/base';
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { getWalletNonce } from '../../actions/getWalletNonce.js';
import { linkWallet } from '../../actions/linkWallet.js';
import { mergeWalletAccounts } from '../../actions/mergeWalletAccounts.js';
import { transferWallet } from '../../actions/transferWallet.js';
import { verifyWallet } from '../../actions/verifyWallet.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../../errors/toLatchkeyError.js';
import type { Emitter, LatchkeyEvents } from '../../events/createEmitter.js';
import type { Store } from '../../storage/createStore.js';
import type { ApiClient } from '../../transport/createApi.js';
import type { WalletConnector } from '../../wallets/connector/createWalletConnector.js';
import { createSiwsMessage } from '../../wallets/siws/createSiwsMessage.js';
import { createMemoTransaction } from '../../wallets/siws/memoTransaction.js';
import type { WalletConnectionMode } from '../../wallets/standard/features.js';
import type { SessionActorRef } from '../session/sessionMachine.js';

/** Storage key of the last successful connection (auto-reconnect on reload). */
export const WALLET_CONNECTION_KEY = 'walletConnection';

/**
 * How long the silent auto-reconnect on load may take (finding the stored wallet, which may register late, and its
 * silent connect), in ms. A wallet that has not answered by then is given up quietly, as one that refuses: `idle`,
 * the stored connection forgotten, no error. Ours (SPEC §9 gives no bound): long enough for a slow extension waking up.
 */
export const WALLET_RECONNECT_TIMEOUT_MS = 15_000;

/**
 * How long a disconnect waits for the wallet's `standard:disconnect`, in ms. The connection is forgotten at once (the
 * stored one and the connector's account); a wallet that has not confirmed by then is treated as disconnected: `idle`.
 * Ours (SPEC §9 gives no bound).
 */
export const WALLET_DISCONNECT_TIMEOUT_MS = 10_000;

export interface StoredWalletConnection {
  key: string;
  address: string;
}

export function isStoredWalletConnection(value: unknown): value is StoredWalletConnection {
  return typeof value === 'object' && value !== null && typeof (value as StoredWalletConnection).key === 'string' && typeof (value as StoredWalletConnection).address === 'string';
}
const storedConnection = { safeParse: (value: unknown) => (isStoredWalletConnection(value) ? { success: true as const, data: value } : { success: false as const, error: new Error('not a stored wallet connection') }) };

export interface WalletSignInClient extends ApiClient, CaptchaClient {
  storage: Store;
  session: Pick<SessionActorRef, 'send'>;
  /** Where `wallet.connected` goes (a Latchkey client's `events`). */
  events?: Pick<Emitter<LatchkeyEvents>, 'emit'>;
}

/** What the message is signed for: a sign-in, linking to the signed-in user, or confirming a merge or transfer. */
export type WalletPurpose = 'signIn' | 'link' | 'merge' | 'transfer';

export interface WalletSignInInput {
  client: WalletSignInClient;
  /** The page the message names (`domain` = host, `uri` = href). Default: `window.location`. */
  page?: () => { domain: string; uri: string };
  now?: () => Date;
  /**
   * Finds the connector of a stored connection's wallet key (auto-reconnect); undefined when it is not installed. May
   * wait (boundedly) for a wallet that registers late.
   */
  findConnector?: (key: string) => WalletConnector | undefined | Promise<WalletConnector | undefined>;
  statement?: string;
}

export interface WalletSignInContext {
  client: WalletSignInClient;
  page: () => { domain: string; uri: string };
  now: () => Date;
  findConnector: NonNullable<WalletSignInInput['findConnector']>;
  statement: string;
  connector: WalletConnector | undefined;
  mode: WalletConnectionMode;
  purpose: WalletPurpose;
  hardwareWallet: boolean;
  address: string | undefined;
  error: LatchkeyError | undefined;
}

export type WalletSignInEvent =
  | { type: 'user.connect'; connector: WalletConnector; mode?: WalletConnectionMode; purpose?: 'signIn' | 'link'; hardwareWallet?: boolean }
  | { type: 'user.confirm' }
  | { type: 'user.disconnect' }
  | { type: 'user.cancel' }
  | { type: 'user.reset' };

function defaultPage(): { domain: string; uri: string } {
  return { domain: globalThis.location.host, uri: globalThis.location.origin };
}

interface AuthenticateInput {
  client: WalletSignInClient;
  connector: WalletConnector;
  purpose: WalletPurpose;
  hardwareWallet: boolean;
  page: { domain: string; uri: string };
  now: Date;
  statement: string;
}

async function authenticate(input: AuthenticateInput): Promise<SignInResponse> {
  const signer = input.connector.signer();
  const nonce = await getWalletNonce(input.client);
  const messageToSign = createSiwsMessage({ domain: input.page.domain, address: signer.address, statement: input.statement, uri: input.page.uri, nonce, issuedAt: input.now });
  // A hardware wallet cannot sign messages: it signs a memo transaction whose memo is this whole message (SPEC §5).
  const signed = input.hardwareWallet
    ? await signer.signTransaction(createMemoTransaction(signer.address, messageToSign))
    : await signer.signMessage(new TextEncoder().encode(messageToSign));
  const body: VerifyRequest = {
    messageToSign,
    signedMessage: base58.encode(signed),
    publicWalletAddress: signer.address,
    chain: 'SOL',
    walletName: input.connector.key,
    walletProvider: 'browserExtension',
  };
  // Access-gate refusals arrive coded (`address_not_approved`, `address_blocked_by_gate`): mapped by code, never by text.
  if (input.purpose === 'link') return linkWallet(input.client, body);
  if (input.purpose === 'merge') return mergeWalletAccounts(input.client, body);
  if (input.purpose === 'transfer') return transferWallet(input.client, body);
  // A sign-in runs the project's captcha first (after the signature: the token lives 120 s).
  return verifyWallet(input.client, { ...body, ...(await captchaFields(input.client)) });
}

const errorParams = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/**
 * Connecting a wallet-standard wallet and, in connect-and-sign mode, signing a Sign-In-With-Solana message to sign
 * in, link, or confirm a merge or transfer. A successful connect is remembered; on the next load the machine starts
 * in `reconnecting` (never `idle` first: no "disconnected" flash) and reconnects silently to the same address, for at
 * most `WALLET_RECONNECT_TIMEOUT_MS` (`user.cancel` stops it at once). A disconnect waits for the wallet at most
 * `WALLET_DISCONNECT_TIMEOUT_MS` (`user.cancel` stops waiting); either way the connection is forgotten.
 */
export const walletSignInMachine = setup({
  types: { context: {} as WalletSignInContext, events: {} as WalletSignInEvent, input: {} as WalletSignInInput, tags: {} as 'busy' | 'error' },
  delays: {
    reconnectTimeout: WALLET_RECONNECT_TIMEOUT_MS,
    disconnectTimeout: WALLET_DISCONNECT_TIMEOUT_MS,
  },
  actors: {
    connect: fromPromise<string, { connector: WalletConnector; silent?: boolean; expectedAddress?: string }>(({ input }) =>
      input.connector.connect({ silent: input.silent ?? false, ...(input.expectedAddress ? { expectedAddress: input.expectedAddress } : {}) }),
    ),
    reconnect: fromPromise<{ connector: WalletConnector; address: string }, { client: WalletSignInClient; findConnector: NonNullable<WalletSignInInput['findConnector']> }>(async ({ input }) => {
      const stored = input.client.storage.get(WALLET_CONNECTION_KEY, storedConnection);
      const connector = stored ? await input.findConnector(stored.key) : undefined;
      if (!stored || !connector) throw new LatchkeyError('solana_wallet_not_found');
      const address = await connector.connect({ silent: true, expectedAddress: stored.address });
      return { connector, address };
    }),
    authenticate: fromPromise<SignInResponse, AuthenticateInput>(({ input }) => authenticate(input)),
    disconnect: fromPromise<void, { connector: WalletConnector | undefined }>(async ({ input }) => {
      await input.connector?.disconnect();
    }),
  },
  actions: {
    assignStart: assign((_, params: { connector: WalletConnector; mode: WalletConnectionMode; purpose: WalletPurpose; hardwareWallet: boolean }) => ({ ...params, address: undefined, error: undefined })),
    assignAddress: assign((_, params: { address: string }) => ({ address: params.address })),
    assignReconnected: assign((_, params: { connector: WalletConnector; address: string }) => ({ connector: params.connector, address: params.address, mode: 'connect-only' as const })),
    assignConfirmPurpose: assign(({ context }) => ({ purpose: (context.error?.code === 'merge_accounts_confirmation' ? 'merge' : 'transfer') as WalletPurpose })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toLatchkeyErrorSync(params.error) })),
    clearError: assign({ error: undefined }),
    reset: assign({ connector: undefined, address: undefined, error: undefined, purpose: 'signIn' as const, hardwareWallet: false }),
    rememberConnection: ({ context }) => {
      if (context.connector && context.address) context.client.storage.set(WALLET_CONNECTION_KEY, { key: context.connector.key, address: context.address });
    },
    emitConnected: ({ context }, params: { silent: boolean }) => {
      if (context.connector && context.address) context.client.events?.emit('wallet.connected', { walletName: context.connector.key, address: context.address, silent: params.silent });
    },
    forgetConnection: ({ context }) => context.client.storage.remove(WALLET_CONNECTION_KEY),
    notifySignInStarted: ({ context }) => {
      if (context.purpose === 'signIn') context.client.session.send({ type: 'user.startSignIn' });
    },
    notifySignInEnded: ({ context }) => {
      if (context.purpose === 'signIn') context.client.session.send({ type: 'user.cancelSignIn' });
    },
    handOver: ({ context }, params: { response: SignInResponse }) => context.client.session.send({ type: 'server.signedIn', response: params.response }),
  },
  guards: {
    hasStoredConnection: ({ context }) => context.client.storage.get(WALLET_CONNECTION_KEY, storedConnection) !== undefined,
    isConnectOnly: ({ context }) => context.mode === 'connect-only',
    needsConfirmation: (_, params: { error: unknown }) => {
      const code = toLatchkeyErrorSync(params.error).code;
      return code === 'merge_accounts_confirmation' || code === 'reassign_wallet_confirm';
    },
  },
}).createMachine({
  id: 'walletSignIn',
  context: ({ input }) => ({
    client: input.client,
    page: input.page ?? defaultPage,
    now: input.now ?? (() => new Date()),
    findConnector: input.findConnector ?? (() => undefined),
    statement: input.statement ?? 'Sign in with your wallet.',
    connector: undefined,
    mode: 'connect-and-sign',
    purpose: 'signIn',
    hardwareWallet: false,
    address: undefined,
    error: undefined,
  }),
  initial: 'starting',
  on: { 'user.reset': { target: '.idle', actions: 'reset' } },
  states: {
    starting: { always: [{ guard: 'hasStoredConnection', target: 'reconnecting' }, { target: 'idle' }] },
    reconnecting: {
      tags: ['busy'],
      // The wallet never answered, or the user stopped waiting: as a refusal, quietly.
      on: { 'user.cancel': { target: 'idle', actions: 'forgetConnection' } },
      after: { reconnectTimeout: { target: 'idle', actions: 'forgetConnection' } },
      invoke: {
        src: 'reconnect',
        input: ({ context }) => ({ client: context.client, findConnector: context.findConnector }),
        onDone: { target: 'connected', actions: [{ type: 'assignReconnected', params: ({ event }) => event.output }, { type: 'emitConnected', params: { silent: true } }] },
        // Not there, not authorised any more, or another account: forget it quietly.
        onError: { target: 'idle', actions: 'forgetConnection' },
      },
    },
    idle: {
      on: {
        'user.connect': {
          target: 'connecting',
          actions: {
            type: 'assignStart',
            params: ({ event }) => ({ connector: event.connector, mode: event.mode ?? 'connect-and-sign', purpose: event.purpose ?? 'signIn', hardwareWallet: event.hardwareWallet ?? event.connector.hardwareWallet }),
          },
        },
      },
    },
    connecting: {
      tags: ['busy'],
      on: { 'user.cancel': { target: 'idle', actions: 'reset' } },
      invoke: {
        src: 'connect',
        input: ({ context }) => ({ connector: context.connector as WalletConnector }),
        onDone: [
          { guard: 'isConnectOnly', target: 'connected', actions: [{ type: 'assignAddress', params: ({ event }) => ({ address: event.output }) }, 'rememberConnection', { type: 'emitConnected', params: { silent: false } }] },
          { target: 'signing', actions: [{ type: 'assignAddress', params: ({ event }) => ({ address: event.output }) }, 'rememberConnection', { type: 'emitConnected', params: { silent: false } }] },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: errorParams } },
      },
    },
    signing: {
      tags: ['busy'],
      entry: 'notifySignInStarted',
      // A sign-in refused, failed or given up leaves no connection to restore on the next load.
      on: { 'user.cancel': { target: 'idle', actions: ['notifySignInEnded', 'forgetConnection', 'reset'] } },
      invoke: {
        src: 'authenticate',
        input: ({ context }) => ({
          client: context.client,
          connector: context.connector as WalletConnector,
          purpose: context.purpose,
          hardwareWallet: context.hardwareWallet,
          page: context.page(),
          now: context.now(),
          statement: context.statement,
        }),
        onDone: { target: 'done', actions: { type: 'handOver', params: ({ event }) => ({ response: event.output }) } },
        onError: [
          { guard: { type: 'needsConfirmation', params: errorParams }, target: 'confirming', actions: { type: 'assignError', params: errorParams } },
          { target: 'failed', actions: ['notifySignInEnded', 'forgetConnection', { type: 'assignError', params: errorParams }] },
        ],
      },
    },
    confirming: {
      on: {
        'user.confirm': { target: 'signing', actions: ['assignConfirmPurpose', 'clearError'] },
        'user.cancel': { target: 'idle', actions: ['forgetConnection', 'reset'] },
      },
    },
    connected: {
      on: {
        'user.disconnect': { target: 'disconnecting' },
        'user.connect': {
          target: 'connecting',
          actions: {
            type: 'assignStart',
            params: ({ event }) => ({ connector: event.connector, mode: event.mode ?? 'connect-and-sign', purpose: event.purpose ?? 'signIn', hardwareWallet: event.hardwareWallet ?? event.connector.hardwareWallet }),
          },
        },
      },
    },
    disconnecting: {
      tags: ['busy'],
      entry: 'forgetConnection',
      // Forgotten on entry: a wallet that never confirms (or a user who stops waiting) does not keep us connected.
      on: { 'user.cancel': { target: 'idle', actions: 'reset' } },
      after: { disconnectTimeout: { target: 'idle', actions: 'reset' } },
      invoke: {
        src: 'disconnect',
        input: ({ context }) => ({ connector: context.connector }),
        onDone: { target: 'idle', actions: 'reset' },
        onError: { target: 'idle', actions: 'reset' },
      },
    },
    done: { on: { 'user.disconnect': { target: 'disconnecting' } } },
    failed: {
      tags: ['error'],
      on: {
        'user.connect': {
          target: 'connecting',
          actions: {
            type: 'assignStart',
            params: ({ event }) => ({ connector: event.connector, mode: event.mode ?? 'connect-and-sign', purpose: event.purpose ?? 'signIn', hardwareWallet: event.hardwareWallet ?? event.connector.hardwareWallet }),
          },
        },
      },
    },
  },
});

export type WalletSignInActorRef = ActorRefFrom<typeof walletSignInMachine>;
export type WalletSignInSnapshot = SnapshotFrom<typeof walletSignInMachine>;
export type WalletSignInStatus = 'starting' | 'reconnecting' | 'idle' | 'connecting' | 'signing' | 'confirming' | 'connected' | 'disconnecting' | 'done' | 'failed';

export function walletSignInStatus(snapshot: WalletSignInSnapshot): WalletSignInStatus {
  return snapshot.value as WalletSignInStatus;
}
