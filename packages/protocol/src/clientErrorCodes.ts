// Plain data, no zod: the first-paint code of a client imports this without the schemas.

/** Client wallet error codes of SPEC §8; the index is the numeric code (0 to 11). */
export const clientWalletErrorCodes = [
  'UNKNOWN',
  'DEFAULT',
  'USER_REJECTED',
  'MESSAGE_SIGNATURE_DENIED',
  'WALLET_LOCKED',
  'INVALID_PARAMETERS',
  'INTERNAL_ERROR',
  'ACCOUNT_ALREADY_LINKED_TO_DIFFERENT_PROFILE',
  'CONNECTION_REJECTED',
  'MISSING_PUBLIC_ADDRESS',
  'CONNECTION_PROPOSAL_EXPIRED',
  'SEI_NOT_ENABLED_IN_KEPLR_WALLET',
] as const;
export type ClientWalletErrorCode = (typeof clientWalletErrorCodes)[number];

/** Social-linking codes of SPEC §8 (the spec's list is partial; these are the named ones). */
export const socialLinkingErrorCodes = [
  'account_already_linked',
  'oauth_window_blocked',
  'oauth_window_closed',
  'oauth_window_timeout',
  'session_timeout',
  'user_cancelled',
] as const;
export type SocialLinkingErrorCode = (typeof socialLinkingErrorCodes)[number];
