/** Business constants of SPEC §9. */

export const KIT_VERSION = '4.18.0';
export const API_VERSION = '0.0.660';

/** Header names carrying the versions on every product API request (DESIGN.md "Wire contract"). */
export const KIT_VERSION_HEADER = 'x-latchkey-version';
export const API_VERSION_HEADER = 'x-latchkey-api-version';

/** Product API path prefix, appended to `apiBaseUrl`. */
export const API_PATH_PREFIX = '/api/v0';

export const TRANSACTION_CONFIRMATION_TIMEOUT_MS = 60_000;
export const RECOVERY_SESSION_LIFETIME_S = 1800;
export const RECOVERY_CODE_KEY_MAX_AGE_S = 900;

export const PASSKEY_TIMEOUT_MS = 300_000;
export const PASSKEY_USER_VERIFICATION = 'preferred';
export const PASSKEY_ALGORITHM = -7;

export const FEE_LOOKUP_RETRIES = 5;
export const LAMPORTS_PER_SOL = 1_000_000_000n;
export const SOLANA_NETWORK_IDS = { mainnet: 101, testnet: 102, devnet: 103 } as const;
export type SolanaPublicCluster = keyof typeof SOLANA_NETWORK_IDS;

/** What is wrong with a Solana network's id, and where (`networkId`, `cluster` or `type`). */
export interface SolanaNetworkIdIssue {
  readonly path: 'networkId' | 'cluster' | 'type';
  readonly message: string;
}

/**
 * SPEC §9 gives 101, 102 and 103 to mainnet, testnet and devnet; every other Solana network is a custom one (SPEC §3
 * network `type: 'custom'`) under a whole-number id of its own, e.g. the sandbox's `localnet`, 104. So: the id is a
 * positive whole number; a network calling itself mainnet, testnet or devnet (`cluster`) has that cluster's id; one of
 * those ids carries no other cluster name; a network under any other id is `custom`. `cluster` and `type` are checked
 * when given (a network description has a cluster and no type; a project's network toggle has a type).
 */
export function solanaNetworkIdIssue(network: {
  readonly networkId: string | number;
  readonly cluster?: string | undefined;
  readonly type?: string | undefined;
}): SolanaNetworkIdIssue | undefined {
  const id = typeof network.networkId === 'number' ? network.networkId : /^\d+$/.test(network.networkId) ? Number(network.networkId) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return { path: 'networkId', message: `a Solana network id is a positive whole number, not ${JSON.stringify(network.networkId)}` };
  const reserved = (Object.entries(SOLANA_NETWORK_IDS) as [SolanaPublicCluster, number][]).find(([, value]) => value === id)?.[0];
  const claimed = network.cluster !== undefined && Object.hasOwn(SOLANA_NETWORK_IDS, network.cluster) ? (network.cluster as SolanaPublicCluster) : undefined;
  if (claimed && SOLANA_NETWORK_IDS[claimed] !== id) {
    return { path: 'networkId', message: `Solana ${claimed} is network ${SOLANA_NETWORK_IDS[claimed]}, not ${id}` };
  }
  if (reserved && network.cluster !== undefined && network.cluster !== reserved) {
    return { path: 'cluster', message: `Solana network ${id} is ${reserved}, not ${network.cluster}` };
  }
  if (!reserved && network.type !== undefined && network.type !== 'custom') {
    return { path: 'type', message: `a Solana network other than 101 mainnet, 102 testnet and 103 devnet is custom; ${id} is marked ${network.type}` };
  }
  return undefined;
}
export const DEFAULT_COMMITMENT = 'confirmed';

export const MOBILE_REDIRECT_NONCE_BYTES = 24;
export const BROWSER_WALLET_SIGN_DELAY_MS = 100;

export const SOCKET_RECONNECT_INTERVAL_MS = 1000;
export const SOCKET_MAX_RECONNECTS = 5;
export const SOCKET_NORMAL_CLOSE_CODE = 1000;

export const SOCIAL_POPUP_WIDTH = 500;
export const SOCIAL_POPUP_HEIGHT = 600;
export const SOCIAL_POPUP_POLL_MS = 2000;

export const CATALOGUE_FETCH_RETRIES = 3;
export const CATALOGUE_FETCH_TIMEOUT_MS = 30_000;

export const RETRY_DEFAULT_RETRIES = 3;
export const RETRY_DEFAULT_TIMEOUT_MS = 100;

export const DEFAULT_STORAGE = 'localstorage';

export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'MUTE'] as const;
export const DEFAULT_LOG_LEVEL = 'WARN';
export const DEFAULT_LOG_LEVEL_OUTSIDE_PRODUCTION = 'DEBUG';

export const VERSION_CHECK_DELAY_MS = 100;

/**
 * What counts as an e-mail address: zod's default e-mail pattern (`emailSchema` checks with it),
 * kept here as plain data so a client can check an address before the schemas have loaded.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** One-time codes sent by e-mail or SMS: 6 random digits. */
export const VERIFICATION_CODE_LENGTH = 6;

/** Custody protocol (SPEC §7, DESIGN.md "Wire contract"): stamp headers and scheme. */
export const CUSTODY_STAMP_HEADER = 'X-Stamp';
/** Passkey stamps: a WebAuthn assertion whose challenge is the hash of the body. */
export const CUSTODY_WEBAUTHN_STAMP_HEADER = 'X-Stamp-WebAuthn';
export const CUSTODY_CLIENT_VERSION_HEADER = 'X-Client-Version';
export const CUSTODY_STAMP_SCHEME = 'SIGNATURE_SCHEME_TK_API_P256';
/** Passkey stamps sign the SHA-256 of the request body (the "hashed-challenge stamp" of SPEC §9). */
export const PASSKEY_STAMP_CHALLENGE_HASH = 'SHA-256';

/** Window locators that every EVM extension injects; catalogue entries must not claim them (SPEC §5). */
export const DEFAULT_ETHEREUM_LOCATORS = ['ethereum', 'window.ethereum'] as const;

/** What the user types to confirm deleting the account; the kit sends it as `confirmation` in the DELETE /users body. */
export const ACCOUNT_DELETION_CONFIRMATION = 'DELETE';
