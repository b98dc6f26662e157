// Plain data, no zod: the first-paint code of a client imports this without the schemas.

/** Server error codes of SPEC §8, grouped as the spec groups them. */
export const serverErrorCodes = [
  // conflicts
  'email_already_exists',
  'allowlist_already_exists',
  'allowlist_entry_already_exists',
  'username_already_exists',
  'organization_name_already_exists',
  'project_name_already_exists',
  'social_account_already_exists',
  'duplicate_exists',
  'gate_exists',
  'custom_field_data_not_unique',
  'custom_field_not_unique',
  'cannot_switch_to_unique',
  'embedded_wallet_address_already_linked',
  'key_share_already_backed_up',
  'wallet_account_exists_for_chain',
  // wallet reassignment, membership
  'reassign_wallet_error',
  'reassign_wallet_confirm',
  'members_cannot_delete_themself',
  // verification
  'wrong_email_verification_token',
  'wrong_sms_verification_token',
  'invalid_email_verification',
  'invalid_sms_verification',
  'invalid_verification',
  'email_verification_required',
  'phone_verification_required',
  'other_verify_failure',
  // rate limits, locks
  'too_many_sms_verification_attempts',
  'too_many_email_verification_attempts',
  'too_many_verification_attempts',
  'too_many_requests',
  'too_many_api_tokens',
  'too_many_organizations_for_user',
  'too_many_projects_for_organization',
  'too_many_embedded_wallets_for_user',
  'too_many_embedded_wallets_per_chain_for_user',
  'lock_timeout',
  'lock_too_many_attempts',
  // linking and merging
  'email_associated_with_different_provider',
  'user_has_already_account_with_email',
  'user_has_already_account_with_phone_number',
  'email_tied_to_embedded_wallet',
  'merge_accounts_confirmation',
  'merge_accounts_invalid',
  'forbidden_unlink_request',
  'invalid_unlink_request',
  'linked_embedded_wallet',
  // invalid input
  'invalid_position',
  'invalid_invite',
  'invite_address_required',
  'invalid_gate',
  'invalid_user',
  'invalid_username',
  'invalid_phone',
  'invalid_email_address',
  'invalid_regex',
  'repeated_options',
  'invalid_update',
  'invalid_wallet_name',
  'invalid_wallet_address',
  'invalid_wallet_id',
  'invalid_chain_address_match',
  'invalid_external_auth',
  'invalid_session_public_key',
  'invalid_key_shares_length',
  'invalid_private_key_format',
  'invalid_key_export_url',
  'invalid_dynamic_props',
  'invalid_cors_origins',
  'invalid_mobile_deeplink_urls',
  'invalid_custom_hostname',
  'invalid_mpc_environment',
  'invalid_embedded_wallet_settings',
  'invalid_embedded_wallet_chains_configuration',
  'invalid_aa_project_configuration',
  'unauthorized_mobile_deeplink_url',
  'metadata_size_exceeded',
  'missing_phone_number_or_email',
  'missing_aa_project_id',
  'empty_chain_name',
  // configuration
  'provider_not_available',
  'no_enabled_email_provider',
  'no_enabled_sms_provider',
  'no_compatible_wallet_service_enabled',
  'email_recovery_disabled',
  'recovery_email_unavailable_or_invalid',
  'wallet_not_support_passkey',
  'nft_token_gating_not_supported_for_chain',
  'feature_not_enabled_in_suborg',
  'conflicting_embedded_wallet_providers',
  // other
  'wallet_not_deployed',
  'connect_error',
  'mfa_device_not_found',
  'mfa_invalid_code',
  'mfa_invalid_request',
  'unable_to_fetch_balances',
  'blocked_user_cannot_transfer_wallet',
  'cannot_delete_last_project',
  'no_hd_wallet_found',
  'no_v1_embedded_wallet_found',
] as const;

/**
 * Transport-level codes the sandbox (and any backend speaking this contract) uses where SPEC §8
 * names no code: malformed requests, missing or bad bearer tokens, unknown routes and records.
 */
export const transportErrorCodes = [
  'invalid_request',
  'invalid_json',
  'unauthorized',
  'session_expired',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'internal_error',
] as const;

/**
 * Captcha refusals (`security.hCaptcha`), where SPEC §8 names no code: no token where one is needed, or a token that
 * is unknown, used, expired or for another site key.
 */
export const captchaErrorCodes = ['captcha_required', 'invalid_captcha'] as const;

/**
 * Access-gate refusals (SPEC §6, worded in §8: 'This address is not approved for access', 'This address is blocked by
 * the gate', 'User does not have access'), as codes so a client maps them without reading the message.
 */
export const accessErrorCodes = ['address_not_approved', 'address_blocked_by_gate', 'user_without_access'] as const;

/** Social-linking codes of SPEC §8 a backend answers with (the others are the kit's own). */
export const socialLinkingServerErrorCodes = ['account_already_linked'] as const;

/** A code of an error body: a server code of SPEC §8, a social-linking code a server sends, or a transport code. */
export type ServerErrorCode =
  | (typeof serverErrorCodes)[number]
  | (typeof socialLinkingServerErrorCodes)[number]
  | (typeof transportErrorCodes)[number]
  | (typeof captchaErrorCodes)[number]
  | (typeof accessErrorCodes)[number];
