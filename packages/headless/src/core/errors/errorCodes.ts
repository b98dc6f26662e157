import type { ServerErrorCode } from '@latchkey/protocol/errorCodes';
import { clientWalletErrorCodes, type SocialLinkingErrorCode } from '@latchkey/protocol/clientErrorCodes';

/**
 * Client messages of SPEC §8, each with a code. `{name}` marks a parameter filled from
 * `LatchkeyError` params. Where SPEC §8 names a message without giving its wording, the
 * wording here is ours and says what happened.
 */
export const clientErrorMessages = {
  // custody provider (recreate the session and retry once)
  custody_expired_api_key: 'expired api key',
  custody_public_key_not_found: 'could not find public key',
  // warn-only cases
  operation_timed_out_or_not_allowed: 'The operation either timed out or was not allowed',
  user_denied_permission: 'The user denied permission.',
  webauthn_authenticator_not_found: 'webauthn authenticator not found',
  user_cancelled_request: 'The user cancelled the request',
  // recovery, codes, devices
  cannot_proceed: 'Cannot proceed with your request',
  webauthn_not_supported: 'Webauthn is not supported on this device.',
  invalid_code: 'Invalid code',
  // wallets and chains
  no_enabled_networks: 'No enabled networks',
  signer_not_found: 'Signer not found',
  nonce_missing: 'Nonce missing',
  address_missing: 'Address missing',
  no_custody_account: 'No custody account',
  account_not_found: 'Account not found',
  solana_wallet_not_found: 'Solana wallet not found',
  transaction_and_connection_required: 'Transaction and connection are required',
  failed_to_sign_message: 'Failed to sign message',
  failed_to_create_or_restore_session: 'Failed to create or restore session',
  activity_requires_consensus: 'Activity requires consensus',
  unexpected_activity_status: 'Expected COMPLETED status, got {status}',
  transaction_failed: 'Transaction failed',
  transaction_timed_out: 'Transaction timed out',
  source_token_account_not_found: 'Source token account not found',
  hardware_wallet_cannot_sign_message: 'Hardware wallets cannot sign messages directly.',
  // mobile redirect wallets (SPEC §4; no SPEC wording)
  mobile_wallet_not_connected: 'No mobile wallet is connected.',
  mobile_wallet_return_tampered: "The wallet's reply could not be verified ({reason}); nothing was changed.",
  mobile_wallet_return_replayed: 'This wallet reply was already used or never requested; nothing was changed.',
  mobile_wallet_return_expired: 'This wallet reply came too late; nothing was changed. Start again.',
  // passkeys
  passkey_ceremony_aborted: 'The passkey ceremony was aborted.',
  passkey_previously_registered: 'This authenticator was already registered.',
  passkey_discoverable_credential_unsupported: 'This authenticator does not support discoverable credentials.',
  passkey_user_verification_unsupported: 'This authenticator does not support user verification.',
  passkey_invalid_domain: 'The domain is not valid for passkeys.',
  passkey_invalid_rp_id: 'The relying party id does not match the domain.',
  passkey_invalid_user_id_length: 'The passkey user id must be 1 to 64 bytes.',
  passkey_no_supported_algorithm: 'The authenticator supports none of the requested algorithms.',
  passkey_authenticator_error: 'The authenticator failed.',
  // socket and connectors
  socket_not_ready: 'Socket is not ready',
  socket_reply_timeout: 'Socket reply timeout',
  socket_authentication_failed: 'Socket authentication failed',
  socket_response_malformed: 'Server response malformed',
  socket_subscribe_failed: 'Failed subscribing to an event',
  socket_unsubscribe_failed: 'Failed unsubscribing from an event',
  // the socket (no SPEC wording): a call the server answered with an error, a call cut off by a close
  socket_call_failed: 'The socket call {method} failed: {reason}',
  socket_closed_before_reply: 'The socket closed before {method} was answered.',
  connector_method_not_implemented: '{method} not implemented by wallet',
  // sign-in
  popup_blocked: 'Please allow popups and try again.',
  social_session_timeout: 'Connecting {provider} account session timeout.',
  social_oauth_error: 'Failed to connect {provider} social account: {error}',
  social_invalid_state: 'Failed to connect {provider} social account: Invalid random state',
  telegram_invalid_state: 'Failed to connect telegram account: Invalid random state',
  social_no_authorization_code: 'Failed to connect {provider} social account: no authorization code',
  user_cancelled_connection: 'User cancelled connection',
  apple_sdk_load_failed: 'Failed to load Apple SDK',
  timeout: 'Timeout',
  max_retries_reached: 'Max retries reached',
  wallet_not_in_catalogue: 'Wallet {wallet} was not found in the wallet catalogue.',
  wallet_key_required: 'A wallet key is required.',
  wallet_not_active_in_connector: 'Wallet {wallet} is not currently active in {connector}.',
  sdk_version_mismatch: 'Latchkey packages have different versions: {versions}. Install the same version of each.',
  // access and transactions
  address_not_approved: 'This address is not approved for access',
  address_blocked_by_gate: 'This address is blocked by the gate',
  insufficient_funds: 'Insufficient funds.',
  gas_not_sponsored: 'Transaction gas cannot be sponsored.',
  missing_public_address: 'Missing public address',
  user_without_access: 'User does not have access',
  user_rejected_transaction: 'user rejected transaction',
  user_rejected_request: 'User rejected request',
  rate_limit_reached: 'Rate limit reached',
  cookie_invalid_or_expired: 'The cookie is invalid or expired',
  get_address_cancelled: 'Get address call was cancelled',
  wallet_address_mismatch: 'Active address {activeAddress} of {walletName} does not match the expected {expectedAddress}.',
  missing_environment_id: 'The environmentId setting is missing.',
  // the kit itself (no SPEC wording)
  invalid_config: 'Invalid Latchkey configuration: {reason}',
  invalid_response: 'The server answered with an unexpected response.',
  // the network or a server is unreachable (a fetch that rejects, an RPC wrapper's message around one)
  network_error: 'Network error. Check your connection and try again.',
  // a Solana node answered with an error of its own (its text stays in `cause`, for the logger)
  rpc_error: 'The Solana network could not complete the request. Try again in a moment.',
  aborted: 'The request was aborted.',
  // the project's captcha (security.hCaptcha) could not run in this browser (no SPEC wording)
  captcha_failed: 'The captcha could not run ({reason}). Check your connection and try again.',
  missing_provider: 'Latchkey hooks must be used inside <LatchkeyProvider>.',
  invalid_amount: 'Invalid amount: {reason}',
  // Solana transfers (SPEC §5 rules; the wording is ours)
  invalid_solana_address: 'Invalid Solana address: {reason}',
  destination_required: 'A destination is required to build a transfer.',
  transaction_expired: 'The transaction expired before it was confirmed. Sign it again with a fresh blockhash.',
} as const;

export type ClientErrorCode = keyof typeof clientErrorMessages;

/** Client wallet error codes 0–11 of SPEC §8 (from the protocol); the index is the numeric code. */
export const walletErrorCodes = clientWalletErrorCodes;

export type WalletErrorCode = (typeof walletErrorCodes)[number];

/**
 * Codes of the embedded wallet (`@latchkey/headless/embedded`): their messages live on that entry
 * (`core/embedded/embeddedError.ts`) so the first paint does not carry them.
 */
export type EmbeddedErrorCode = 'custody_request_failed' | 'embedded_wallet_config_required' | 'recovery_code_invalid';

/**
 * Codes of MPC wallets (`@latchkey/headless/mpc`): their messages live on that entry (`core/mpc/mpcError.ts`).
 */
export type MpcErrorCode =
  | 'mpc_wallet_not_found'
  | 'mpc_wallet_locked'
  | 'mpc_password_required'
  | 'mpc_backup_password_invalid'
  | 'mpc_backup_not_found'
  | 'mpc_backup_location_unavailable'
  | 'mpc_cloud_drive_failed'
  | 'mpc_ceremony_refused'
  | 'mpc_ceremony_interrupted'
  | 'mpc_vault_unavailable'
  | 'mpc_export_failed';

/** Every code a `LatchkeyError` can carry (social-linking codes of SPEC §8 included). */
export type LatchkeyErrorCode = ClientErrorCode | WalletErrorCode | ServerErrorCode | SocialLinkingErrorCode | EmbeddedErrorCode | MpcErrorCode;

const CODE_INVALID_OR_EXPIRED = 'The code is invalid or expired.';

/** Server codes for which SPEC §8 gives the wording the user sees (otherwise the server's message is kept). */
export const serverErrorMessages: Partial<Record<ServerErrorCode, string>> = {
  wrong_email_verification_token: CODE_INVALID_OR_EXPIRED,
  invalid_email_verification: CODE_INVALID_OR_EXPIRED,
  wrong_sms_verification_token: CODE_INVALID_OR_EXPIRED,
  invalid_sms_verification: CODE_INVALID_OR_EXPIRED,
  too_many_email_verification_attempts: 'Too many email verification attempts.',
  too_many_sms_verification_attempts: 'Too many SMS verification attempts.',
  // conflicts when adding an e-mail or phone number to a signed-in user (SPEC §8), as sentences
  user_has_already_account_with_email: 'Another account already uses this email address.',
  user_has_already_account_with_phone_number: 'Another account already uses this phone number.',
  invalid_phone: 'Invalid phone number.',
  too_many_requests: 'Rate limit reached',
  wallet_not_deployed: 'Wallet has not been deployed',
  mfa_invalid_code: 'Invalid code',
  // 'Cannot proceed with your request' (SPEC §8: missing recovery setup), by code whatever the server wrote
  email_recovery_disabled: 'Cannot proceed with your request',
};

/** The wallet error's numeric code (0–11), or undefined for codes that are not wallet codes. */
export function getWalletErrorNumber(code: LatchkeyErrorCode): number | undefined {
  const index = (walletErrorCodes as readonly string[]).indexOf(code);
  return index === -1 ? undefined : index;
}
