import { embeddedError } from './embeddedError.js';
import type { User } from '@latchkey/protocol';
import { createActor, waitFor } from 'xstate';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { SessionActorRef } from '../machines/session/sessionMachine.js';
import type { SolanaSigner } from '../signer/SolanaSigner.js';
import type { ApiClient } from '../transport/createApi.js';
import { createEmbeddedWallet } from './actions/createEmbeddedWallet.js';
import { deleteEmbeddedWallets } from './actions/deleteEmbeddedWallets.js';
import { registerSessionKey } from './actions/registerSessionKey.js';
import { startEmailRecovery } from './actions/startEmailRecovery.js';
import { fromHex, toHex } from './bytes.js';
import { createCustodyApi, isSessionKeyRejected, type CustodyApi } from './custody/createCustodyApi.js';
import { embeddedWalletSessionMachine, type ActiveSession, type EmbeddedWalletSessionActorRef } from './machine/embeddedWalletSessionMachine.js';
import { createBundleTarget, openRecoveryCode, RECOVERY_SESSION_MS, type BundleTarget } from './recovery.js';
import { createSessionKeyStamper, generateSessionKey, importSessionKey } from './stampers/createSessionKeyStamper.js';
import { createIndexedDbSessionKeyStore, type SessionKeyStore } from './stampers/sessionKeyStore.js';
import type { Stamper } from './stampers/Stamper.js';

/** The embedded wallet as the wallet layer sees it (SPEC §3), from the user's blockchain credential. */
export interface EmbeddedWalletAccount {
  /** The credential id (what DELETE /users/embeddedWallets takes). */
  id: string;
  address: string;
  organizationId: string;
  walletId: string;
}

export interface EmbeddedWalletConfig {
  /** The app's name (shown by custody pages). Required. */
  appName: string;
  /** The custody provider's base URL (the sandbox: `custodyBaseUrl`). Required. */
  baseUrl: string;
  /** Where session keys are kept (default IndexedDB). */
  store?: SessionKeyStore;
  fetch?: typeof fetch;
}

/** What the embedded wallet needs from the Latchkey client. */
export interface EmbeddedWalletHost extends ApiClient {
  readonly environmentId: string;
  readonly session: SessionActorRef;
}

export interface EmbeddedWalletClient {
  readonly appName: string;
  readonly baseUrl: string;
  /** The session machine (SPEC §4), started. */
  readonly session: EmbeddedWalletSessionActorRef;
  /** The signed-in user's embedded Solana wallet, if they have one. */
  getAccount(): EmbeddedWalletAccount | undefined;
  /** Creates the wallet (POST /users/embeddedWallets) with a fresh session key; the session is active after it. */
  createWallet(options?: { isAuthenticatorAttached?: boolean; passkeyAlias?: string }): Promise<EmbeddedWalletAccount>;
  /** A session now: restored or created. */
  openSession(): Promise<ActiveSession>;
  /** Runs a stamped custody operation with the session key; on a rejected key: recreate without restore, retry once. */
  withSession<T>(operation: (stamper: Stamper, account: EmbeddedWalletAccount) => Promise<T>): Promise<T>;
  /** The wallet as a `SolanaSigner`. Throws 'No custody account' without a wallet. */
  signer(): SolanaSigner;
  /** The account's key, encrypted to `targetPublicKey` (uncompressed P-256 hex) — for the isolated export page. */
  exportAccount(targetPublicKey: string): Promise<string>;
  deleteWallet(options?: { deleteWithoutExport?: boolean }): Promise<User>;
  /** E-mail recovery: sends the code; `completeRecovery` reads it. */
  startRecovery(email: string): Promise<void>;
  completeRecovery(code: string): Promise<ActiveSession>;
  stop(): void;
}

function checkConfig(config: Partial<EmbeddedWalletConfig>): void {
  let url: URL | undefined;
  try {
    url = config.baseUrl ? new URL(config.baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  if (!config.appName || config.appName.trim() === '' || !url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw embeddedError('embedded_wallet_config_required');
  }
}

/** The blockchain credential of an embedded Solana wallet, read as the wallet layer reads it. */
export function embeddedAccountOf(user: User | undefined): EmbeddedWalletAccount | undefined {
  const credential = user?.verifiedCredentials.find((entry) => entry.format === 'blockchain' && entry.chain === 'SOL' && entry.wallet_properties?.turnkeySubOrganizationId);
  const properties = credential?.wallet_properties;
  if (!credential?.address || !properties?.turnkeySubOrganizationId || !properties.turnkeyHDWalletId) return undefined;
  return { id: credential.id, address: credential.address, organizationId: properties.turnkeySubOrganizationId, walletId: properties.turnkeyHDWalletId };
}

/**
 * The embedded wallet of the signed-in user on the custody provider: its session (SPEC §4),
 * stamped operations with the retry-once rule, the Solana signer, export and e-mail recovery.
 * 'Embedded wallet requires app name and base URL' when either is missing.
 */
export function createEmbeddedWalletClient(host: EmbeddedWalletHost, config: EmbeddedWalletConfig, options: { now?: () => number; custody?: CustodyApi } = {}): EmbeddedWalletClient {
  checkConfig(config);
  const now = options.now ?? Date.now;
  const store = config.store ?? createIndexedDbSessionKeyStore();
  const custody = options.custody ?? createCustodyApi({ baseUrl: config.baseUrl.replace(/\/$/, ''), fetch: config.fetch, now });
  const user = () => host.session.getSnapshot().context.user;
  const storeId = () => {
    const id = user()?.id;
    if (!id) throw new LatchkeyError('no_custody_account');
    return `${host.environmentId}:${id}`;
  };
  const requireAccount = () => {
    const account = embeddedAccountOf(user());
    if (!account) throw new LatchkeyError('no_custody_account');
    return account;
  };
  const remember = async (session: ActiveSession) => {
    await store.put(storeId(), { privateKey: session.key.privateKey, publicKey: session.key.publicKey, expiresAt: session.expiresAt });
    return session;
  };

  const session = createActor(embeddedWalletSessionMachine, {
    input: {
      client: {
        now,
        async restore() {
          requireAccount();
          const stored = await store.get(storeId());
          return stored ? { key: { privateKey: stored.privateKey, publicKey: stored.publicKey }, expiresAt: stored.expiresAt } : undefined;
        },
        async create() {
          requireAccount();
          await store.delete(storeId());
          const key = await generateSessionKey();
          const registered = await registerSessionKey(host, { publicKey: key.publicKey }).catch((error: unknown) => {
            if (error instanceof LatchkeyError && error.code === 'no_hd_wallet_found') throw new LatchkeyError('no_custody_account', { cause: error });
            throw error;
          });
          return remember({ key, expiresAt: new Date(registered.expiresAt).getTime() });
        },
      },
    },
  }).start();

  async function openSession(): Promise<ActiveSession> {
    const snapshot = session.getSnapshot();
    if (snapshot.matches('active') && snapshot.context.session) return snapshot.context.session;
    if (snapshot.matches('none') || snapshot.matches('failed')) session.send({ type: 'user.open' });
    const settled = await waitFor(session, (state) => state.matches('active') || state.matches('failed'));
    if (settled.matches('failed') || !settled.context.session) throw settled.context.error ?? new LatchkeyError('failed_to_create_or_restore_session');
    return settled.context.session;
  }

  async function withSession<T>(operation: (stamper: Stamper, account: EmbeddedWalletAccount) => Promise<T>): Promise<T> {
    const account = requireAccount();
    const first = await openSession();
    try {
      return await operation(createSessionKeyStamper(first.key), account);
    } catch (error) {
      if (!isSessionKeyRejected(error)) throw error;
      // SPEC §4: drop the session, recreate it without restore, retry exactly once.
      session.send({ type: 'server.keyRejected' });
      const second = await openSession();
      return operation(createSessionKeyStamper(second.key), account);
    }
  }

  let recoveryTarget: BundleTarget | undefined;

  return {
    appName: config.appName,
    baseUrl: config.baseUrl,
    session,
    getAccount: () => embeddedAccountOf(user()),
    async createWallet(parameters = {}) {
      const response = await createEmbeddedWallet(host, {
        chains: ['SOL'],
        embeddedWalletProvider: 'turnkeyhd',
        ...(parameters.isAuthenticatorAttached === undefined ? {} : { isAuthenticatorAttached: parameters.isAuthenticatorAttached }),
        ...(parameters.passkeyAlias ? { passkeyAlias: parameters.passkeyAlias } : {}),
      });
      const account = embeddedAccountOf(response.user);
      if (!account) throw new LatchkeyError('no_custody_account');
      // The first session: a fresh key registered for sessionKeyDuration.
      session.send({ type: 'user.renew' });
      await openSession();
      return account;
    },
    openSession,
    withSession,
    signer() {
      const account = requireAccount();
      return {
        address: account.address,
        async signMessage(message) {
          try {
            const result = await withSession((stamper, { organizationId, address }) =>
              custody.submit<{ r: string; s: string }>(
                'sign_raw_payload',
                'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
                organizationId,
                { signWith: address, payload: toHex(message), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
                stamper,
              ),
            );
            const signature = fromHex(result.r + result.s);
            if (signature.length !== 64) throw new LatchkeyError('invalid_response');
            return signature;
          } catch (error) {
            throw new LatchkeyError('failed_to_sign_message', { cause: error });
          }
        },
        async signTransaction(transaction) {
          const result = await withSession((stamper, { organizationId, address }) =>
            custody.submit<{ signedTransaction: string }>(
              'sign_transaction',
              'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
              organizationId,
              { signWith: address, unsignedTransaction: toHex(transaction), type: 'TRANSACTION_TYPE_SOLANA' },
              stamper,
            ),
          );
          return fromHex(result.signedTransaction);
        },
      };
    },
    async exportAccount(targetPublicKey) {
      const result = await withSession((stamper, { organizationId, address }) =>
        custody.submit<{ exportBundle: string }>('export_wallet_account', 'ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT', organizationId, { address, targetPublicKey }, stamper),
      );
      return result.exportBundle;
    },
    async deleteWallet(parameters = {}) {
      const account = requireAccount();
      const updated = await deleteEmbeddedWallets(host, { walletIds: [account.id], ...(parameters.deleteWithoutExport === undefined ? {} : { deleteWithoutExport: parameters.deleteWithoutExport }) });
      await store.delete(storeId());
      session.send({ type: 'user.close' });
      return updated;
    },
    async startRecovery(email) {
      requireAccount();
      recoveryTarget = await createBundleTarget();
      await startEmailRecovery(host, { email, sessionPublicKey: recoveryTarget.publicKey });
    },
    async completeRecovery(code) {
      if (!recoveryTarget) throw embeddedError('recovery_code_invalid');
      const { privateKey, createdAtMs } = await openRecoveryCode(recoveryTarget, code, now());
      const key = await importSessionKey(privateKey);
      privateKey.fill(0);
      recoveryTarget = undefined;
      const recovered = await remember({ key, expiresAt: createdAtMs + RECOVERY_SESSION_MS });
      session.send({ type: 'server.recovered', session: recovered });
      return recovered;
    },
    stop: () => session.stop(),
  };
}
