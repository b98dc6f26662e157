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
