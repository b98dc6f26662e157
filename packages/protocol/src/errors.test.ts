import { describe, expect, it } from 'vitest';
import * as constants from './constants.js';
import { chainSchema, custodyActivityStatusSchema, socialProviderSchema, thresholdSignatureSchemeSchema } from './enums.js';
import { clientWalletErrorCodes, socialLinkingErrorCodes } from './clientErrorCodes.js';
import { accessErrorCodes, captchaErrorCodes, serverErrorCodes, transportErrorCodes, socialLinkingServerErrorCodes } from './errorCodes.js';
import { errorBodySchema, serverErrorCodeSchema } from './errors.js';
import { expectParses, expectRejectedAt } from './test/expectIssues.js';

describe('error codes (SPEC §8)', () => {
  it('default: the server codes are the 99 snake_case codes of the spec, none repeated', () => {
    expect(serverErrorCodes).toHaveLength(99);
    expect(new Set(serverErrorCodes).size).toBe(serverErrorCodes.length);
    expect(serverErrorCodes.every((code) => /^[a-z0-9]+(?:_[a-z0-9]+)*$/.test(code))).toBe(true);
    expect(serverErrorCodes.filter((code) => (transportErrorCodes as readonly string[]).includes(code))).toEqual([]);
  });

  it('default: client wallet error codes 0 to 11 keep their numbers', () => {
    expect(clientWalletErrorCodes).toHaveLength(12);
    expect(clientWalletErrorCodes.indexOf('UNKNOWN')).toBe(0);
    expect(clientWalletErrorCodes.indexOf('USER_REJECTED')).toBe(2);
    expect(clientWalletErrorCodes.indexOf('MISSING_PUBLIC_ADDRESS')).toBe(9);
    expect(clientWalletErrorCodes.indexOf('SEI_NOT_ENABLED_IN_KEPLR_WALLET')).toBe(11);
    expect(socialLinkingErrorCodes).toContain('oauth_window_blocked');
  });

  it('default: an error body parses; an unknown code is rejected at error.code', () => {
    expectParses(errorBodySchema, { error: { code: 'wrong_email_verification_token', message: 'The code is invalid or expired.' } });
    expectParses(errorBodySchema, { error: { code: 'invalid_request', message: 'Invalid body', path: 'email' } });
    expectRejectedAt(errorBodySchema, { error: { code: 'teapot', message: 'x' } }, 'error.code');
    expectParses(errorBodySchema, { error: { code: 'account_already_linked', message: 'This social account is already linked to your account.' } });
    expect(serverErrorCodeSchema.options).toHaveLength(serverErrorCodes.length + socialLinkingServerErrorCodes.length + transportErrorCodes.length + captchaErrorCodes.length + accessErrorCodes.length);
    expectParses(errorBodySchema, { error: { code: 'invalid_captcha', message: 'The captcha is invalid, expired or already used; solve it again.', path: 'captchaToken' } });
  });
});

describe('enumerations and constants (SPEC §9)', () => {
  it('default: the enumerations hold the spec values', () => {
    expect(chainSchema.options).toEqual(['ETH', 'EVM', 'FLOW', 'SOL', 'ALGO', 'STARK', 'COSMOS', 'BTC', 'ECLIPSE', 'SUI']);
    expect(thresholdSignatureSchemeSchema.options).toEqual(['TWO_OF_TWO', 'TWO_OF_THREE', 'THREE_OF_FIVE']);
    expect(socialProviderSchema.options).toHaveLength(22);
    expect(custodyActivityStatusSchema.options).toContain('ACTIVITY_STATUS_CONSENSUS_NEEDED');
  });

  it('default: every row of the constants table', () => {
    expect(constants).toMatchObject({
      TRANSACTION_CONFIRMATION_TIMEOUT_MS: 60_000,
      RECOVERY_SESSION_LIFETIME_S: 1800,
      RECOVERY_CODE_KEY_MAX_AGE_S: 900,
      PASSKEY_TIMEOUT_MS: 300_000,
      PASSKEY_USER_VERIFICATION: 'preferred',
      PASSKEY_ALGORITHM: -7,
      FEE_LOOKUP_RETRIES: 5,
      LAMPORTS_PER_SOL: 1_000_000_000n,
      SOLANA_NETWORK_IDS: { mainnet: 101, testnet: 102, devnet: 103 },
      DEFAULT_COMMITMENT: 'confirmed',
      MOBILE_REDIRECT_NONCE_BYTES: 24,
      BROWSER_WALLET_SIGN_DELAY_MS: 100,
      SOCKET_RECONNECT_INTERVAL_MS: 1000,
      SOCKET_MAX_RECONNECTS: 5,
      SOCKET_NORMAL_CLOSE_CODE: 1000,
      SOCIAL_POPUP_WIDTH: 500,
      SOCIAL_POPUP_HEIGHT: 600,
      SOCIAL_POPUP_POLL_MS: 2000,
      CATALOGUE_FETCH_RETRIES: 3,
      CATALOGUE_FETCH_TIMEOUT_MS: 30_000,
      RETRY_DEFAULT_RETRIES: 3,
      RETRY_DEFAULT_TIMEOUT_MS: 100,
      DEFAULT_STORAGE: 'localstorage',
      LOG_LEVELS: ['DEBUG', 'INFO', 'WARN', 'ERROR', 'MUTE'],
      DEFAULT_LOG_LEVEL: 'WARN',
      DEFAULT_LOG_LEVEL_OUTSIDE_PRODUCTION: 'DEBUG',
      VERSION_CHECK_DELAY_MS: 100,
      KIT_VERSION: '4.18.0',
      API_VERSION: '0.0.660',
    });
  });
});
