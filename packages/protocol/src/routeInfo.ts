// Plain data, no zod: the first-paint code of a client reads a route's method, path and bearer
// flag here; the schemas of each route are in `routes` (routes.ts), which spreads these entries.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Where a product route is and how it is called: method, path (relative to
 * `{apiBaseUrl}/api/v0/sdk/{environmentId}`; `{name}` segments are path parameters), whether it
 * needs the session JWT, and `html` for pages a browser opens (default `json`).
 */
export interface RouteInfo {
  readonly method: HttpMethod;
  readonly path: string;
  readonly bearer: boolean;
  readonly responseFormat?: 'json' | 'html';
}

/** The product routes of DESIGN.md "Routes", without their schemas. */
export const routeInfo = {
  // bootstrap
  getSettings: { method: 'GET', path: '/settings', bearer: false },
  getNetworks: { method: 'GET', path: '/networks', bearer: false },
  getJwks: { method: 'GET', path: '/.well-known/jwks.json', bearer: false },
  postLogs: { method: 'POST', path: '/logs', bearer: false },
  postEvent: { method: 'POST', path: '/events', bearer: false },

  // session
  refresh: { method: 'POST', path: '/refresh', bearer: true },
  revoke: { method: 'POST', path: '/revoke', bearer: true },
  revokeAll: { method: 'POST', path: '/revoke/all', bearer: true },
  getSession: { method: 'GET', path: '/session', bearer: true },

  // e-mail code
  createEmailVerification: { method: 'POST', path: '/emailVerifications/create', bearer: false },
  retryEmailVerification: { method: 'POST', path: '/emailVerifications/retry', bearer: false },
  signInWithEmailVerification: { method: 'POST', path: '/emailVerifications/signin', bearer: false },
  verifyEmailVerification: { method: 'POST', path: '/emailVerifications/verify', bearer: true },

  // SMS code
  createSmsVerification: { method: 'POST', path: '/smsVerifications/create', bearer: false },
  retrySmsVerification: { method: 'POST', path: '/smsVerifications/retry', bearer: false },
  signInWithSmsVerification: { method: 'POST', path: '/smsVerifications/signin', bearer: false },
  verifySmsVerification: { method: 'POST', path: '/smsVerifications/verify', bearer: true },

  // social
  initSocialAuth: { method: 'POST', path: '/providers/{provider}/initAuth', bearer: false },
  getSocialRedirect: { method: 'GET', path: '/providers/{provider}/redirect', bearer: false, responseFormat: 'html' },
  signInWithSocial: { method: 'POST', path: '/providers/{provider}/signIn', bearer: false },
  verifySocial: { method: 'POST', path: '/providers/{provider}/verify', bearer: true },

  // Telegram
  initTelegramAuth: { method: 'POST', path: '/telegram/initAuth', bearer: false },
  getTelegramAuth: { method: 'GET', path: '/telegram/auth', bearer: false, responseFormat: 'html' },
  signInWithTelegram: { method: 'POST', path: '/telegram/signin', bearer: false },
  verifyTelegram: { method: 'POST', path: '/telegram/verify', bearer: true },

  // wallet signature
  getNonce: { method: 'GET', path: '/nonce', bearer: false },
  verifyWalletSignature: { method: 'POST', path: '/verify', bearer: false },
  linkWallet: { method: 'POST', path: '/verify/link', bearer: true },
  unlinkWallet: { method: 'POST', path: '/verify/unlink', bearer: true },
  mergeAccounts: { method: 'POST', path: '/verify/merge', bearer: true },
  transferWallet: { method: 'POST', path: '/verify/transfer', bearer: true },

  // passkeys
  getPasskeyRegistrationOptions: { method: 'GET', path: '/users/passkeys/register', bearer: true },
  registerPasskey: { method: 'POST', path: '/users/passkeys/register', bearer: true },
  getPasskeySignInOptions: { method: 'GET', path: '/users/passkeys/signin', bearer: false },
  signInWithPasskey: { method: 'POST', path: '/users/passkeys/signin', bearer: false },
  getPasskeys: { method: 'GET', path: '/users/passkeys', bearer: true },
  updatePasskey: { method: 'PUT', path: '/users/passkeys', bearer: true },
  deletePasskey: { method: 'DELETE', path: '/users/passkeys', bearer: true },

  // MFA
  getMfaDevices: { method: 'GET', path: '/users/mfa', bearer: true },
  getMfaDevice: { method: 'GET', path: '/users/mfa/{mfaDeviceId}', bearer: true },
  updateMfaDevice: { method: 'PUT', path: '/users/mfa/{mfaDeviceId}', bearer: true },
  deleteMfaDevice: { method: 'DELETE', path: '/users/mfa/{mfaDeviceId}', bearer: true },
  getTotpRegistration: { method: 'GET', path: '/users/mfa/register/totp', bearer: true },
  registerTotp: { method: 'POST', path: '/users/mfa/register/totp', bearer: true },
  getMfaPasskeyRegistrationOptions: { method: 'GET', path: '/users/mfa/register/passkey', bearer: true },
  registerMfaPasskey: { method: 'POST', path: '/users/mfa/register/passkey', bearer: true },
  authenticateMfaTotp: { method: 'POST', path: '/users/mfa/auth/totp', bearer: true },
  getMfaPasskeyAuthenticationOptions: { method: 'GET', path: '/users/mfa/auth/passkey', bearer: true },
  authenticateMfaPasskey: { method: 'POST', path: '/users/mfa/auth/passkey', bearer: true },
  authenticateMfaRecoveryCode: { method: 'POST', path: '/users/mfa/auth/recovery', bearer: true },
  getRecoveryCodes: { method: 'GET', path: '/users/mfa/recovery', bearer: true },
  regenerateRecoveryCodes: { method: 'POST', path: '/users/mfa/recovery', bearer: true },
  /** Records the user's `mfaBackupCodeAcknowledgement` (they saved the codes shown once). */
  acknowledgeRecoveryCodes: { method: 'POST', path: '/users/mfa/recovery/acknowledge', bearer: true },
  getMfaMethods: { method: 'GET', path: '/users/mfa/methods', bearer: true },

  // user
  getUser: { method: 'GET', path: '/users', bearer: true },
  updateUser: { method: 'PUT', path: '/users', bearer: true },
  deleteUser: { method: 'DELETE', path: '/users', bearer: true },
  checkUserField: { method: 'GET', path: '/users/check', bearer: true },
  selectWallet: { method: 'PUT', path: '/users/wallets/selection', bearer: true },

  // embedded wallets
  createEmbeddedWallet: { method: 'POST', path: '/users/embeddedWallets', bearer: true },
  deleteEmbeddedWallets: { method: 'DELETE', path: '/users/embeddedWallets', bearer: true },
  registerSessionKey: { method: 'POST', path: '/users/embeddedWallets/sessionKey', bearer: true },
  createSessionKeyChallenge: { method: 'POST', path: '/users/embeddedWallets/sessionKey/challenge', bearer: true },
  startEmbeddedWalletEmailAuth: { method: 'POST', path: '/users/embeddedWallets/emailAuth', bearer: true },
  getWalletExport: { method: 'GET', path: '/users/embeddedWallets/{walletId}/activities/{activityId}/export', bearer: true },
  createWalletAccount: { method: 'POST', path: '/users/embeddedWallets/walletAccounts', bearer: true },
  updateRecoveryEmail: { method: 'PUT', path: '/users/embeddedWallets/recoveryEmail', bearer: true },

  // MPC
  createMpcWallet: { method: 'POST', path: '/waas/create', bearer: true },
  signMpcMessage: { method: 'POST', path: '/waas/{walletId}/signMessage', bearer: true },
  backupKeyShares: { method: 'POST', path: '/waas/{walletId}/keyShares/backup', bearer: true },
  recoverKeyShares: { method: 'POST', path: '/waas/{walletId}/keyShares/recover', bearer: true },
  refreshMpcWallet: { method: 'POST', path: '/waas/{walletId}/refresh', bearer: true },
  reshareMpcWallet: { method: 'POST', path: '/waas/{walletId}/reshare', bearer: true },
  exportMpcPrivateKey: { method: 'POST', path: '/waas/{walletId}/privateKey/export', bearer: true },

  // chain helpers
  getBalances: { method: 'GET', path: '/chains/{chainName}/balances', bearer: false },
  optimizeSolanaTransaction: { method: 'POST', path: '/solana/optimizeTransaction', bearer: false },
  simulateSolanaTransaction: { method: 'POST', path: '/solana/simulateTransaction', bearer: false },
  getOnramps: { method: 'GET', path: '/onramps', bearer: false },
} as const satisfies Record<string, RouteInfo>;

export type RouteInfoTable = typeof routeInfo;
