import { embeddedError } from './embeddedError.js';
import { embeddedAccountOf, type EmbeddedWalletAccount } from './embeddedAccount.js';
import type { ProjectSettings, SignedRequest, User } from '@latchkey/protocol';
import type { Emitter, LatchkeyEvents } from '../events/createEmitter.js';
import { createActor, waitFor } from 'xstate';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import type { SessionActorRef } from '../machines/session/sessionMachine.js';
import type { SettingsStore } from '../settings/createSettingsStore.js';
import { supportedWebAuthn } from '../webauthn/runCeremony.js';
import { toPasskeyError } from '../webauthn/toPasskeyError.js';
import { isPasskeyDomain } from '../webauthn/validatePasskeyOptions.js';
import type { WebAuthnLoader } from '../webauthn/WebAuthnCeremonies.js';
import type { SolanaSigner } from '../signer/SolanaSigner.js';
import type { ApiClient } from '../transport/createApi.js';
import { createEmbeddedWallet } from '../actions/createEmbeddedWallet.js';
import { deleteEmbeddedWallets } from '../actions/deleteEmbeddedWallets.js';
import { startEmailRecovery } from '../actions/startEmailRecovery.js';
import { fromHex, toHex, walletKey } from './bytes.js';
import { createCustodyApi, isSessionKeyRejected, type CustodyApi } from './custody/createCustodyApi.js';
import { embeddedWalletMachine, type ActiveSession, type EmbeddedWalletActorRef } from '../machines/embeddedWallet/embeddedWalletMachine.js';
import { createWalletPasskey } from './createWalletPasskey.js';
import { createPasskeyStamper } from './stampers/createPasskeyStamper.js';
import { registerWalletSessionKey, sessionKeyDurationMs } from './registerWalletSessionKey.js';
import { createBundleTarget, openRecoveryCode, RECOVERY_SESSION_MS, type BundleTarget } from './recovery.js';
import { createSessionKeyStamper, generateSessionKey, importSessionKey } from './stampers/createSessionKeyStamper.js';
import { createIndexedDbSessionKeyStore, type SessionKeyStore } from './stampers/sessionKeyStore.js';
import type { Stamper } from './stampers/Stamper.js';
import { createEmbeddedWalletCommands, type EmbeddedWalletCommands } from './embeddedWalletCommands.js';
import { revokeSessionKey } from './revokeSessionKey.js';
import { isSignedBy, verifyEd25519 } from '../mobileWallets/transactionSignature.js';

export interface EmbeddedWalletConfig {
  /** The app's name (shown by custody pages). Required. */
  appName: string;
  /** The custody provider's base URL (the sandbox: `custodyBaseUrl`). Required. */
  baseUrl: string;
  /** Where session keys are kept (default IndexedDB). */
  store?: SessionKeyStore;
  fetch?: typeof fetch;
}


/** A custody answer's hex field: a string of whole bytes (a missing field or stray text is not). */
const answeredHex = (value: unknown): value is string => typeof value === 'string' && /^(?:[0-9a-fA-F]{2})*$/.test(value);
/** What the embedded wallet needs from the Latchkey client. */
export interface EmbeddedWalletHost extends ApiClient {
  readonly environmentId: string;
  readonly session: SessionActorRef;
  /** The client's events: the session key is forgotten when the session ends (`auth.signedOut`, `auth.expired`). */
  readonly events: Pick<Emitter<LatchkeyEvents>, 'on'>;
  /** The project settings (`sdk.embeddedWallets`: the security settings of SPEC §3). */
  readonly settings: SettingsStore;
  /** The browser's WebAuthn, for the wallet's passkey. */
  readonly webauthn: WebAuthnLoader;
}

/** The embedded-wallet security settings of SPEC §3 that the screens follow. */
export interface EmbeddedWalletSettings {
  /** `forceAuthenticatorAtSignup`: a wallet is only created with a passkey. */
  forceAuthenticator: boolean;
  /** `allowSkippingAuthenticatorAtSignup`: the passkey is offered, and may be skipped. */
  allowSkipping: boolean;
  /** `promptForKeyExport`: offer the export screen once the wallet is created. */
  promptForKeyExport: boolean;
  /** `emailRecoveryEnabled`: e-mail recovery is set up. */
  emailRecoveryEnabled: boolean;
}

/** The embedded-wallet settings of loaded project settings (`sdk.embeddedWallets`; absent keys are off). */
export function embeddedWalletSettingsOf(settings: ProjectSettings): EmbeddedWalletSettings {
  const wallets = settings.sdk.embeddedWallets;
  return {
    forceAuthenticator: wallets?.forceAuthenticatorAtSignup === true,
    allowSkipping: wallets?.allowSkippingAuthenticatorAtSignup === true,
    promptForKeyExport: wallets?.promptForKeyExport === true,
    emailRecoveryEnabled: wallets?.emailRecoveryEnabled === true,
  };
}

/** How `createWallet` makes the wallet: with a passkey (its registration ceremony runs first) or not. */
export interface CreateWalletOptions {
  /** Create the wallet with a passkey on this device (the UI's "Create wallet with a passkey"). */
  withPasskey?: boolean;
  /** The protocol's name for `withPasskey` (either turns the passkey on). */
  isAuthenticatorAttached?: boolean;
  /** The passkey's name (custody's authenticator name; the WebAuthn user name). */
  passkeyAlias?: string;
}

/** SPEC §8 has no wording for it; the sandbox answers the same code and message. */
export const PASSKEY_REQUIRED_MESSAGE = 'This project requires a passkey to create an embedded wallet.';

export interface EmbeddedWalletClient {
  readonly appName: string;
  readonly baseUrl: string;
  /** The session machine (SPEC §4), started. */
  readonly session: EmbeddedWalletActorRef;
  /** The commands' busy, error and awaiting-recovery state, shared by every hook on this wallet. */
  readonly commands: EmbeddedWalletCommands;
  /** The signed-in user's embedded Solana wallet, if they have one. */
  getAccount(): EmbeddedWalletAccount | undefined;
  /**
   * Creates the wallet (POST /users/embeddedWallets); the session is active after it. With a
   * passkey, its registration ceremony runs first and the passkey becomes an authenticator of the
   * wallet's custody sub-organization. `forceAuthenticatorAtSignup` without a passkey →
   * `invalid_embedded_wallet_settings` ('This project requires a passkey to create an embedded wallet.').
   */
  createWallet(options?: CreateWalletOptions): Promise<EmbeddedWalletAccount>;
  /** The project's embedded-wallet settings (loads the project settings if need be). */
  getSettings(): Promise<EmbeddedWalletSettings>;
  /**
   * A stamper that signs custody requests with a passkey of this device (hashed-challenge WebAuthn
   * stamp, SPEC §9): the one `createWallet` registered, else whichever discoverable passkey the user picks.
   */
  passkeyStamper(): Stamper;
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

  // The session's end is the wallet session's end: whoever was signed in, their key is forgotten here and deleted at
  // custody. The user is read while signed in (the session has forgotten them by the time it says `auth.signedOut`).
  let holder: { storeId: string; account: EmbeddedWalletAccount | undefined } | undefined;
  const follow = (signedIn: User | undefined) => {
    if (signedIn) holder = { storeId: `${host.environmentId}:${signedIn.id}`, account: embeddedAccountOf(signedIn) };
  };
  follow(user());
  const following = host.session.subscribe((snapshot) => follow(snapshot.context.user));
  const forgetSessionKey = async () => {
    const ending = holder;
    holder = undefined;
    if (!ending) return;
    session.send({ type: 'user.close' });
    const stored = await store.get(ending.storeId).catch(() => undefined);
    // Gone from this device first; custody is asked after, best effort: a failing network does not keep the key here.
    await store.delete(ending.storeId).catch(() => undefined);
    if (stored && ending.account && stored.expiresAt > now()) await revokeSessionKey(custody, ending.account.organizationId, stored).catch(() => false);
  };
  const stopListening = [host.events.on('auth.signedOut', () => void forgetSessionKey()), host.events.on('auth.expired', () => void forgetSessionKey())];

  const session = createActor(embeddedWalletMachine, {
    input: {
      client: {
        now,
        async restore() {
          requireAccount();
          const stored = await store.get(storeId());
          return stored ? { key: { privateKey: stored.privateKey, publicKey: stored.publicKey }, expiresAt: stored.expiresAt } : undefined;
        },
        async create() {
          const account = requireAccount();
          // The key being replaced, if it is still current, proves a passkey-protected wallet's new one.
          const stored = await store.get(storeId()).catch(() => undefined);
          await store.delete(storeId());
          const key = await generateSessionKey();
          const previous = stored && stored.expiresAt > now() ? stored : undefined;
          const registered = await registerWalletSessionKey(host, { account, key, previous, passkeyStamper }).catch((error: unknown) => {
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
  /** The passkey this client created the wallet with: stamps ask for it; otherwise any discoverable one. */
  let walletPasskeyId: string | undefined;

  function passkeyStamper(): Stamper {
    return {
      async stamp(body) {
        const webauthn = await supportedWebAuthn(host);
        const rpId = webauthn.hostname();
        if (!isPasskeyDomain(rpId)) throw new LatchkeyError('passkey_invalid_domain', { params: { hostname: String(rpId) } });
        try {
          return await createPasskeyStamper({ webauthn: async () => webauthn, rpId, ...(walletPasskeyId ? { allowCredentials: [walletPasskeyId] } : {}) }).stamp(body);
        } catch (error) {
          throw toPasskeyError(error);
        }
      },
    };
  }

  async function getSettings(): Promise<EmbeddedWalletSettings> {
    return embeddedWalletSettingsOf(host.settings.get().settings ?? (await host.settings.load()));
  }

  return {
    appName: config.appName,
    baseUrl: config.baseUrl,
    session,
    commands: createEmbeddedWalletCommands(),
    getAccount: () => embeddedAccountOf(user()),
    getSettings,
    async createWallet(parameters = {}) {
      const withPasskey = parameters.withPasskey ?? parameters.isAuthenticatorAttached ?? false;
      if (!withPasskey && (await getSettings()).forceAuthenticator) {
        throw new LatchkeyError('invalid_embedded_wallet_settings', { message: PASSKEY_REQUIRED_MESSAGE, path: 'isAuthenticatorAttached' });
      }
      const signedInUser = user();
      if (!signedInUser) throw new LatchkeyError('no_custody_account');
      const email = signedInUser.verifiedCredentials.find((credential) => credential.format === 'email')?.email;
      const passkey = withPasskey
        ? await createWalletPasskey(host, { appName: config.appName, userId: signedInUser.id, userName: email ?? `${config.appName} wallet`, alias: parameters.passkeyAlias })
        : undefined;
      if (passkey) walletPasskeyId = passkey.attestation.credentialId;
      // A passkey-protected wallet gets its first session key with its creation (the passkey ceremony just proved
      // the user): later keys need the passkey again, or the current key.
      const firstKey = passkey ? await generateSessionKey() : undefined;
      const response = await createEmbeddedWallet(host, {
        chains: ['SOL'],
        embeddedWalletProvider: 'turnkeyhd',
        ...(passkey && firstKey ? { isAuthenticatorAttached: true, challenge: passkey.challenge, attestation: passkey.attestation, sessionPublicKey: firstKey.publicKey } : {}),
        ...(parameters.passkeyAlias ? { passkeyAlias: parameters.passkeyAlias } : {}),
      });
      const account = embeddedAccountOf(response.user);
      if (!account) throw new LatchkeyError('no_custody_account');
      if (firstKey) {
        const settings = host.settings.get().settings ?? (await host.settings.load());
        session.send({ type: 'server.recovered', session: await remember({ key: firstKey, expiresAt: now() + sessionKeyDurationMs(settings) }) });
        return account;
      }
      // The first session: a fresh key registered for sessionKeyDuration.
      session.send({ type: 'user.renew' });
      await openSession();
      return account;
    },
    openSession,
    withSession,
    passkeyStamper,
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
            const signature = answeredHex(result.r) && answeredHex(result.s) ? fromHex(result.r + result.s) : new Uint8Array();
            // Checked, not trusted: the wallet's signature of exactly this message.
            if (signature.length !== 64 || !verifyEd25519(signature, message, walletKey(account.address))) throw new LatchkeyError('invalid_response');
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
          // The provider's answer is checked, not trusted to be what was asked: anything but the transaction asked for,
          // with the wallet's valid signature in its slot, is `invalid_response`.
          const signed = answeredHex(result.signedTransaction) ? fromHex(result.signedTransaction) : undefined;
          if (!signed || !isSignedBy(transaction, signed, walletKey(account.address))) throw new LatchkeyError('invalid_response', { cause: result });
          return signed;
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
      const deleteWithoutExport = parameters.deleteWithoutExport ?? false;
      // A passkey-protected wallet goes only by its passkey: custody's request for it, stamped, for the server to forward.
      let turnkeySignedRequest: SignedRequest | undefined;
      if (account.isAuthenticatorAttached) {
        const body = JSON.stringify({ type: 'ACTIVITY_TYPE_DELETE_WALLETS', timestampMs: String(now()), organizationId: account.organizationId, parameters: { walletIds: [account.walletId], deleteWithoutExport } });
        turnkeySignedRequest = { body, url: `${config.baseUrl.replace(/\/$/, '')}/public/v1/submit/delete_wallets`, stamp: await passkeyStamper().stamp(body) };
      }
      const updated = await deleteEmbeddedWallets(host, { walletIds: [account.id], deleteWithoutExport, ...(turnkeySignedRequest ? { turnkeySignedRequest } : {}) });
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
      const { privateKey, createdAtMs } = await openRecoveryCode(recoveryTarget, code, now(), requireAccount().organizationId);
      const key = await importSessionKey(privateKey);
      privateKey.fill(0);
      recoveryTarget = undefined;
      // From the earlier of custody's and this device's clocks: never longer here than custody gives the key.
      const recovered = await remember({ key, expiresAt: Math.min(createdAtMs, now()) + RECOVERY_SESSION_MS });
      session.send({ type: 'server.recovered', session: recovered });
      return recovered;
    },
    stop() {
      following.unsubscribe();
      stopListening.forEach((stop) => stop());
      session.stop();
    },
  };
}

export { embeddedAccountOf, type EmbeddedWalletAccount } from './embeddedAccount.js';
