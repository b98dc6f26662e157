import type { ProjectSettings } from '@latchkey/protocol';
import { API_PATH_PREFIX } from '@latchkey/protocol/constants';
import { BACKUP_KEY_SHARES, CLIENT_KEY_SHARES, decodePublic, fromHex, toHex, type FrostScheme } from '@latchkey/protocol/frost';
import { createActor, waitFor } from 'xstate';
import { createMpcWallet } from '../actions/createMpcWallet.js';
import { exportMpcPrivateKey } from '../actions/exportMpcPrivateKey.js';
import { getUser } from '../actions/getUser.js';
import { refreshMpcWallet } from '../actions/refreshMpcWallet.js';
import { reshareMpcWallet } from '../actions/reshareMpcWallet.js';
import { signMpcMessage } from '../actions/signMpcMessage.js';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { mpcSessionMachine, type MpcSessionActorRef } from '../machines/mpcSession/mpcSessionMachine.js';
import type { SessionActorRef } from '../machines/session/sessionMachine.js';
import type { WebSocketConstructor } from '../machines/socket/socketMachine.js';
import type { SettingsStore } from '../settings/createSettingsStore.js';
import type { SolanaSigner } from '../signer/SolanaSigner.js';
import { createSocketClient, type SocketClient } from '../socket/createSocketClient.js';
import type { ApiClient } from '../transport/createApi.js';
import { exportCeremony, keygenCeremony, reshareCeremony, signCeremony, type Ceremony, type ClientShare, type KeyMaterial, type SealedServerShare } from './ceremonies.js';
import type { CloudDrive } from './cloudDrive.js';
import { mpcAccountOf, type MpcWalletAccount } from './mpcAccount.js';
import { openBackups, storeBackups, type BackupLocation, type WalletKeys } from './mpcBackups.js';
import { backupLocationName, mpcError } from './mpcError.js';
import { sealForFrame } from './sealForFrame.js';
import { connectMpcSocket } from './mpcSocketRpc.js';
import { checkBackupPassword } from './passwordBackup.js';
import { signTransactionWith } from './signTransactionWith.js';
import { createIndexedDbShareVaultStore, createShareVault, type DeviceShares, type ShareVaultStore } from './shareVault.js';

export interface MpcWalletConfig {
  /** The MPC socket; default `ws(s)://{apiBaseUrl host}/api/v0/sdk/{environmentId}/waas/socket`. */
  socketUrl?: string;
  /** Default `globalThis.WebSocket`; in Node pass `ws`'s. */
  WebSocket?: WebSocketConstructor;
  /** Where the device's shares are kept (default IndexedDB, sealed under a non-extractable key). */
  vault?: ShareVaultStore;
  /** The cloud drive for `googleDrive` / `icloud` backups. */
  cloudDrive?: CloudDrive;
  /** Reconnect interval of the socket (default 1000 ms, SPEC §9). */
  reconnectInterval?: number;
}

/** What the MPC wallet needs from the Latchkey client. */
export interface MpcWalletHost extends ApiClient {
  readonly environmentId: string;
  readonly apiBaseUrl: string;
  readonly session: SessionActorRef;
  readonly settings: SettingsStore;
}

/** The MPC settings of SPEC §3 (`sdk.waas`) the screens follow. */
export interface MpcWalletSettings {
  enabled: boolean;
  defaultScheme: FrostScheme;
  /** Where backups may go: the product API, and the drives of `backupOptions`. */
  backupLocations: BackupLocation[];
  /** `passwordRequired`: every new wallet is backed up with a password at once. */
  passwordRequired: boolean;
}

export function mpcWalletSettingsOf(settings: ProjectSettings): MpcWalletSettings {
  const waas = settings.sdk.waas;
  return {
    enabled: waas?.enabled === true,
    defaultScheme: waas?.defaultThresholdSignatureScheme ?? 'TWO_OF_TWO',
    backupLocations: ['productApi', ...(waas?.backupOptions ?? [])],
    passwordRequired: waas?.passwordRequired === true,
  };
}

/** On this device: no wallet, a wallet whose share is not here (`locked`), or one ready to sign. */
export type MpcDeviceState = 'unknown' | 'none' | 'locked' | 'ready';

export interface BackupOptions {
  password: string;
  location: BackupLocation;
}

export interface MpcWalletClient {
  getAccount(): MpcWalletAccount | undefined;
  getSettings(): Promise<MpcWalletSettings>;
  getDeviceState(): MpcDeviceState;
  /** Reads the vault again for the signed-in user's wallet. */
  checkDevice(): Promise<MpcDeviceState>;
  /** The ceremony running now, if any (its status drives the screens). */
  getCeremony(): MpcSessionActorRef | undefined;
  /** Called when the device state or the running ceremony changes; returns the unsubscribe. */
  watch(listener: () => void): () => void;
  /** Keygen by DKG; with backup shares (or `passwordRequired`) `backup` is needed: they leave the device encrypted. */
  createWallet(options?: { scheme?: FrostScheme; backup?: BackupOptions }): Promise<MpcWalletAccount>;
  signMessage(message: Uint8Array): Promise<Uint8Array>;
  /** The wallet as a `SolanaSigner` (FROST signatures). Throws `mpc_wallet_not_found` without a wallet. */
  signer(): SolanaSigner;
  /**
   * Backs the wallet up at `location` with the password: the device share (TWO_OF_TWO), or a copy of an existing
   * backup's shares. With no backup anywhere (its upload failed at creation) the shares are refreshed and the new
   * backup shares stored: like `refresh`, that may need a recent second factor (`mfa_invalid_request`).
   */
  backup(options: BackupOptions): Promise<void>;
  /** A new device: opens the backups at `location` with the password and keeps their shares here. */
  restore(options: BackupOptions): Promise<void>;
  /** To another scheme, the same address; the new backup shares (and, with a password, a TWO_OF_TWO device share) are backed up. */
  reshare(options: { scheme: FrostScheme; backup?: BackupOptions }): Promise<void>;
  /** New shares for the same scheme and key. */
  refresh(options?: { backup?: BackupOptions }): Promise<void>;
  /** For the export frame: the client's shares and the server's, each sealed to `targetPublicKey`. */
  sealForExport(targetPublicKey: string): Promise<{ shares: SealedServerShare[]; public: DeviceShares['public']; address: string }>;
  stop(): void;
}

const socketUrlOf = (host: MpcWalletHost) => {
  const url = new URL(`${API_PATH_PREFIX}/sdk/${host.environmentId}/waas/socket`, host.apiBaseUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
};

const newKeygenIds = (scheme: FrostScheme) => Array.from({ length: CLIENT_KEY_SHARES[scheme] }, () => globalThis.crypto.randomUUID());
const sharesOf = (stored: DeviceShares): ClientShare[] =>
  stored.shares.map((share) => ({ keygenId: share.keygenId, secret: { identifier: share.identifier, signingShare: fromHex(share.signingShare, 'signingShare', 32) } }));
const forget = (shares: readonly ClientShare[]) => shares.forEach((share) => share.secret.signingShare.fill(0));

/**
 * The signed-in user's MPC wallet: DKG keygen with the server's party, FROST signing (a Solana
 * signer), password-encrypted backups, restore on a new device, reshare and refresh, export through
 * the isolated frame. Each ceremony is an `mpcSession` actor over one JSON-RPC socket.
 */
export function createMpcWalletClient(host: MpcWalletHost, config: MpcWalletConfig = {}): MpcWalletClient {
  const vault = createShareVault(config.vault ?? createIndexedDbShareVaultStore());
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  let socket: SocketClient | undefined;
  let ceremony: MpcSessionActorRef | undefined;
  let deviceState: MpcDeviceState = 'unknown';
  const user = () => host.session.getSnapshot().context.user;
  const account = () => mpcAccountOf(user());
  const requireAccount = () => account() ?? (() => { throw mpcError('mpc_wallet_not_found'); })();
  const vaultId = (walletId: string) => `${host.environmentId}:${user()?.id ?? ''}:${walletId}`;
  const backupContext = { api: host, drive: config.cloudDrive };
  const getSettings = async () => mpcWalletSettingsOf(host.settings.get().settings ?? (await host.settings.load()));
  const setDevice = (state: MpcDeviceState) => {
    deviceState = state;
    notify();
  };

  // The socket is logged in as the signed-in user: it closes when they sign out (or another user signs in), rather than
  // reconnecting and logging in again with a token that is no longer the session's. The next ceremony opens a new one.
  let socketUser = user()?.id;
  const following = host.session.subscribe(() => {
    if (user()?.id === socketUser) return;
    socketUser = user()?.id;
    socket?.close();
    socket = undefined;
  });

  async function run<R>(start: () => Promise<Ceremony<R>>): Promise<R> {
    // Reconnects as SPEC §9 bounds them (5); a socket that gave up is connected again by the next ceremony.
    socket ??= createSocketClient({ url: config.socketUrl ?? socketUrlOf(host), ...(config.WebSocket ? { WebSocket: config.WebSocket } : {}), reconnectInterval: config.reconnectInterval ?? 1000, autoConnect: false });
    const open = socket;
    const actor = createActor(mpcSessionMachine, { input: { connect: () => connectMpcSocket(open, host.session.getSnapshot().context.jwt), start } });
    ceremony = actor;
    const subscription = actor.subscribe(notify);
    actor.start();
    actor.send({ type: 'user.start' });
    try {
      const settled = await waitFor(actor, (snapshot) => snapshot.status === 'done');
      if (settled.matches('failed')) throw settled.context.error ?? mpcError('mpc_ceremony_interrupted');
      return settled.context.result as R;
    } finally {
      subscription.unsubscribe();
      notify();
    }
  }

  async function reloadUser(): Promise<void> {
    host.session.send({ type: 'server.userUpdated', user: await getUser(host) });
  }

  async function checkBackup(backup: BackupOptions | undefined, needed: boolean): Promise<BackupOptions | undefined> {
    if (!backup) {
      if (needed) throw mpcError('mpc_password_required', { params: { min: 8 }, path: 'password' });
      return undefined;
    }
    checkBackupPassword(backup.password);
    const { backupLocations } = await getSettings();
    if (!backupLocations.includes(backup.location)) throw mpcError('mpc_backup_location_unavailable', { params: { location: backupLocationName(backup.location) } });
    return backup;
  }

  /** Keeps the device's share, backs up what must leave the device, forgets the rest. */
  async function keep(material: KeyMaterial, backup: BackupOptions | undefined): Promise<void> {
    const [device, ...backupShares] = material.shares;
    if (!device) throw new LatchkeyError('invalid_response');
    const keys: WalletKeys = { walletId: material.walletId, scheme: material.scheme, public: material.public, clientKeygenIds: material.shares.map((share) => share.keygenId) };
    await vault.save(vaultId(material.walletId), { walletId: material.walletId, scheme: material.scheme, public: material.public, clientKeygenIds: keys.clientKeygenIds, shares: [{ keygenId: device.keygenId, identifier: device.secret.identifier, signingShare: toHex(device.secret.signingShare) }] });
    try {
      if (backup) await storeBackups(backupContext, keys, backupShares.length > 0 ? backupShares : [device], backup.password, backup.location);
    } finally {
      forget(material.shares);
      await reloadUser();
      setDevice('ready');
    }
  }

  async function deviceShares(): Promise<{ account: MpcWalletAccount; stored: DeviceShares }> {
    const current = requireAccount();
    const stored = await vault.load(vaultId(current.id));
    if (!stored) {
      setDevice('locked');
      throw mpcError('mpc_wallet_locked');
    }
    return { account: current, stored };
  }

  async function signMessage(message: Uint8Array): Promise<Uint8Array> {
    const { account: current, stored } = await deviceShares();
    const shares = sharesOf(stored);
    try {
      return await run(async () => signCeremony(await signMpcMessage(host, { walletId: current.id, message: toHex(message) }), decodePublic(stored.public), shares.map((s) => s.secret), message));
    } finally {
      forget(shares);
    }
  }

  async function changeShares(scheme: FrostScheme, backup: BackupOptions | undefined, refresh: boolean): Promise<void> {
    const { account: current, stored } = await deviceShares();
    const needed = BACKUP_KEY_SHARES[scheme] > 0 || (await getSettings()).passwordRequired;
    const checked = await checkBackup(backup, needed);
    const dealers = sharesOf(stored);
    const keygenIds = refresh ? stored.clientKeygenIds : newKeygenIds(scheme);
    try {
      const material = await run(async () => {
        const room = refresh
          ? await refreshMpcWallet(host, { walletId: current.id })
          : await reshareMpcWallet(host, { walletId: current.id, clientKeygenIds: keygenIds, oldThresholdSignatureScheme: current.thresholdSignatureScheme, newThresholdSignatureScheme: scheme });
        return reshareCeremony({ ...room, walletId: current.id, address: current.address }, decodePublic(stored.public), dealers.map((d) => d.secret), scheme, keygenIds);
      });
      await keep(material, checked);
    } finally {
      forget(dealers);
    }
  }

  return {
    getAccount: account,
    getSettings,
    getDeviceState: () => deviceState,
    async checkDevice() {
      const current = account();
      const state: MpcDeviceState = !current ? 'none' : (await vault.load(vaultId(current.id))) ? 'ready' : 'locked';
      setDevice(state);
      return state;
    },
    getCeremony: () => ceremony,
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async createWallet(options = {}) {
      const settings = await getSettings();
      if (!settings.enabled) throw new LatchkeyError('invalid_mpc_environment', { message: 'MPC wallets are not enabled for this project (sdk.waas.enabled).' });
      const scheme = options.scheme ?? settings.defaultScheme;
      const backup = await checkBackup(options.backup, BACKUP_KEY_SHARES[scheme] > 0 || settings.passwordRequired);
      const keygenIds = newKeygenIds(scheme);
      const material = await run(async () => keygenCeremony(await createMpcWallet(host, { chain: 'SOL', clientKeygenIds: keygenIds, thresholdSignatureScheme: scheme }), scheme, keygenIds));
      await keep(material, backup);
      return requireAccount();
    },
    signMessage,
    signer() {
      const { address } = requireAccount();
      return { address, signMessage, signTransaction: (transaction) => signTransactionWith(address, transaction, signMessage) };
    },
    async backup(options) {
      const { account: current, stored } = await deviceShares();
      await checkBackup(options, true);
      let shares = sharesOf(stored);
      let keys: WalletKeys = { walletId: current.id, scheme: stored.scheme, public: stored.public, clientKeygenIds: stored.clientKeygenIds };
      if (BACKUP_KEY_SHARES[current.thresholdSignatureScheme] > 0) {
        forget(shares);
        // No backup anywhere (its upload failed when the wallet was made): the backup shares are gone, so new ones are
        // dealt by a refresh (the same key and address) and backed up here.
        if (current.keyShares.length === 0) return changeShares(current.thresholdSignatureScheme, options, true);
        // The backup shares never stay on the device: copy an existing backup (opened with the same password).
        const from = current.keyShares.find((record) => record.backupLocation !== options.location && (record.backupLocation ?? 'productApi') !== options.location);
        if (!from) throw mpcError('mpc_backup_not_found', { params: { location: 'another place' } });
        ({ keys, shares } = await openBackups(backupContext, current.id, current.keyShares, from.backupLocation ?? 'productApi', options.password));
      }
      try {
        await storeBackups(backupContext, keys, shares, options.password, options.location);
      } finally {
        forget(shares);
        await reloadUser();
      }
    },
    async restore(options) {
      const current = requireAccount();
      const { keys, shares } = await openBackups(backupContext, current.id, current.keyShares, options.location, options.password);
      try {
        await vault.save(vaultId(current.id), {
          walletId: current.id,
          scheme: keys.scheme,
          public: keys.public,
          clientKeygenIds: keys.clientKeygenIds,
          shares: shares.map((share) => ({ keygenId: share.keygenId, identifier: share.secret.identifier, signingShare: toHex(share.secret.signingShare) })),
        });
      } finally {
        forget(shares);
      }
      setDevice('ready');
    },
    reshare: ({ scheme, backup }) => changeShares(scheme, backup, false),
    refresh: async (options = {}) => changeShares(requireAccount().thresholdSignatureScheme, options.backup, true),
    async sealForExport(targetPublicKey) {
      const { account: current, stored } = await deviceShares();
      const shares = sharesOf(stored);
      try {
        const server = await run(async () => exportCeremony(await exportMpcPrivateKey(host, { walletId: current.id }), targetPublicKey, shares.map((s) => s.secret)));
        const mine = await Promise.all(shares.map((share) => sealForFrame(targetPublicKey, share.secret)));
        return { shares: [...mine, ...server], public: stored.public, address: current.address };
      } finally {
        forget(shares);
      }
    },
    stop() {
      following.unsubscribe();
      ceremony?.stop();
      socket?.close();
      listeners.clear();
    },
  };
}
