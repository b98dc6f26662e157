import { z } from 'zod';
import { chainSchema, socialProviderSchema } from './enums.js';
import { embeddedWalletCreationSchema, embeddedWalletEmailAuthSchema, recoveryEmailUpdateSchema, sessionKeyRegistrationSchema, sessionKeyResponseSchema, walletChainEntrySchema, walletDeletionSchema, walletExportSchema } from './embeddedWallet.js';
import { jwksSchema } from './jwks.js';
import { logBatchSchema } from './log.js';
import { mfaCodeCheckSchema, mfaDeviceListSchema, mfaDeviceSchema, mfaDeviceUpdateSchema, mfaMethodSettingsSchema, mfaPasskeyAuthSchema, mfaRecoveryAuthSchema, recoveryCodesSchema, totpRegistrationSchema } from './mfa.js';
import { keyGenerationSchema, keyShareBackupSchema, keyShareListSchema, keyShareRecoverSchema, mpcRoomSchema, mpcSignMessageSchema, recoveredKeySharesSchema, thresholdSchemeChangeSchema } from './mpc.js';
import { networkConfigurationSchema } from './networks.js';
import { passkeyAuthenticationOptionsSchema, passkeyDeleteSchema, passkeyListSchema, passkeyRecordSchema, passkeyRegisteredSchema, passkeyRegisterRequestSchema, passkeyRegistrationOptionsSchema, passkeySignInRequestSchema, passkeyUpdateSchema } from './passkeys.js';
import { analyticsEventSchema, fieldAvailabilitySchema, fieldCheckQuerySchema } from './records.js';
import { noBodySchema, okSchema, pathParamSchema, route } from './routeDefinition.js';
import { projectSettingsSchema } from './settings/index.js';
import { sessionInfoSchema, signInResponseSchema } from './signIn.js';
import { htmlPageSchema, oauthCodeExchangeSchema, oauthInitAuthResponseSchema, oauthInitAuthSchema, oauthRedirectQuerySchema, telegramAuthQuerySchema, telegramSignInSchema } from './social.js';
import { balancesQuerySchema, onrampQuerySchema, onrampSchema, tokenBalanceSchema } from './tokens.js';
import { optimizedTransactionSchema, optimizeTransactionSchema, transactionRequestSchema, transactionSimulationSchema } from './transactions.js';
import { userSchema, userUpdateSchema } from './user.js';
import { emailSignInSchema, emailVerificationSchema, phoneSignInSchema, phoneVerificationSchema, verificationCreatedSchema, verificationDataSchema } from './verification.js';
import { nonceResponseSchema, verifyRequestSchema, walletLinkSchema, walletSelectionSchema } from './walletSignature.js';

export * from './routeDefinition.js';

/**
 * The product route table of DESIGN.md "Routes". Paths are relative to
 * `{apiBaseUrl}/api/v0/sdk/{environmentId}`; see `RouteDefinition` for the meaning of each field.
 */

export const userResponseSchema = z.object({ user: userSchema });

const providerParams = z.object({ provider: socialProviderSchema });
const walletParams = z.object({ walletId: pathParamSchema });
const mfaDeviceParams = z.object({ mfaDeviceId: pathParamSchema });

export const routes = {
  // bootstrap
  getSettings: route({ method: 'GET', path: '/settings', request: noBodySchema, response: projectSettingsSchema, bearer: false }),
  getNetworks: route({ method: 'GET', path: '/networks', request: noBodySchema, response: z.array(networkConfigurationSchema), bearer: false }),
  getJwks: route({ method: 'GET', path: '/.well-known/jwks.json', request: noBodySchema, response: jwksSchema, bearer: false }),
  postLogs: route({ method: 'POST', path: '/logs', request: logBatchSchema, response: okSchema, bearer: false }),
  postEvent: route({ method: 'POST', path: '/events', request: analyticsEventSchema, response: okSchema, bearer: false }),

  // session
  refresh: route({ method: 'POST', path: '/refresh', request: noBodySchema, response: signInResponseSchema, bearer: true }),
  revoke: route({ method: 'POST', path: '/revoke', request: noBodySchema, response: okSchema, bearer: true }),
  getSession: route({ method: 'GET', path: '/session', request: noBodySchema, response: sessionInfoSchema, bearer: true }),

  // e-mail code
  createEmailVerification: route({ method: 'POST', path: '/emailVerifications/create', request: emailSignInSchema, response: verificationCreatedSchema, bearer: false }),
  retryEmailVerification: route({ method: 'POST', path: '/emailVerifications/retry', request: emailVerificationSchema, response: verificationCreatedSchema, bearer: false }),
  signInWithEmailVerification: route({ method: 'POST', path: '/emailVerifications/signin', request: verificationDataSchema, response: signInResponseSchema, bearer: false }),
  verifyEmailVerification: route({ method: 'POST', path: '/emailVerifications/verify', request: verificationDataSchema, response: signInResponseSchema, bearer: true }),

  // SMS code
  createSmsVerification: route({ method: 'POST', path: '/smsVerifications/create', request: phoneSignInSchema, response: verificationCreatedSchema, bearer: false }),
  retrySmsVerification: route({ method: 'POST', path: '/smsVerifications/retry', request: phoneVerificationSchema, response: verificationCreatedSchema, bearer: false }),
  signInWithSmsVerification: route({ method: 'POST', path: '/smsVerifications/signin', request: verificationDataSchema, response: signInResponseSchema, bearer: false }),
  verifySmsVerification: route({ method: 'POST', path: '/smsVerifications/verify', request: verificationDataSchema, response: signInResponseSchema, bearer: true }),

  // social
  initSocialAuth: route({ method: 'POST', path: '/providers/{provider}/initAuth', params: providerParams, request: oauthInitAuthSchema, response: oauthInitAuthResponseSchema, bearer: false }),
  getSocialRedirect: route({ method: 'GET', path: '/providers/{provider}/redirect', params: providerParams, request: oauthRedirectQuerySchema, response: htmlPageSchema, responseFormat: 'html', bearer: false }),
  signInWithSocial: route({ method: 'POST', path: '/providers/{provider}/signIn', params: providerParams, request: oauthCodeExchangeSchema, response: signInResponseSchema, bearer: false }),
  verifySocial: route({ method: 'POST', path: '/providers/{provider}/verify', params: providerParams, request: oauthCodeExchangeSchema, response: signInResponseSchema, bearer: true }),

  // Telegram
  getTelegramAuth: route({ method: 'GET', path: '/telegram/auth', request: telegramAuthQuerySchema, response: htmlPageSchema, responseFormat: 'html', bearer: false }),
  signInWithTelegram: route({ method: 'POST', path: '/telegram/signin', request: telegramSignInSchema, response: signInResponseSchema, bearer: false }),
  verifyTelegram: route({ method: 'POST', path: '/telegram/verify', request: telegramSignInSchema, response: signInResponseSchema, bearer: true }),

  // wallet signature
  getNonce: route({ method: 'GET', path: '/nonce', request: noBodySchema, response: nonceResponseSchema, bearer: false }),
  verifyWalletSignature: route({ method: 'POST', path: '/verify', request: verifyRequestSchema, response: signInResponseSchema, bearer: false }),
  linkWallet: route({ method: 'POST', path: '/verify/link', request: verifyRequestSchema, response: signInResponseSchema, bearer: true }),
  unlinkWallet: route({ method: 'POST', path: '/verify/unlink', request: walletLinkSchema, response: signInResponseSchema, bearer: true }),
  mergeAccounts: route({ method: 'POST', path: '/verify/merge', request: verifyRequestSchema, response: signInResponseSchema, bearer: true }),
  transferWallet: route({ method: 'POST', path: '/verify/transfer', request: verifyRequestSchema, response: signInResponseSchema, bearer: true }),

  // passkeys
  getPasskeyRegistrationOptions: route({ method: 'GET', path: '/users/passkeys/register', request: noBodySchema, response: passkeyRegistrationOptionsSchema, bearer: true }),
  registerPasskey: route({ method: 'POST', path: '/users/passkeys/register', request: passkeyRegisterRequestSchema, response: passkeyRegisteredSchema, bearer: true }),
  getPasskeySignInOptions: route({ method: 'GET', path: '/users/passkeys/signin', request: noBodySchema, response: passkeyAuthenticationOptionsSchema, bearer: false }),
  signInWithPasskey: route({ method: 'POST', path: '/users/passkeys/signin', request: passkeySignInRequestSchema, response: signInResponseSchema, bearer: false }),
  getPasskeys: route({ method: 'GET', path: '/users/passkeys', request: noBodySchema, response: passkeyListSchema, bearer: true }),
  updatePasskey: route({ method: 'PUT', path: '/users/passkeys', request: passkeyUpdateSchema, response: passkeyRecordSchema, bearer: true }),
  deletePasskey: route({ method: 'DELETE', path: '/users/passkeys', request: passkeyDeleteSchema, response: okSchema, bearer: true }),

  // MFA
  getMfaDevices: route({ method: 'GET', path: '/users/mfa', request: noBodySchema, response: mfaDeviceListSchema, bearer: true }),
  getMfaDevice: route({ method: 'GET', path: '/users/mfa/{mfaDeviceId}', params: mfaDeviceParams, request: noBodySchema, response: mfaDeviceSchema, bearer: true }),
  updateMfaDevice: route({ method: 'PUT', path: '/users/mfa/{mfaDeviceId}', params: mfaDeviceParams, request: mfaDeviceUpdateSchema, response: mfaDeviceSchema, bearer: true }),
  deleteMfaDevice: route({ method: 'DELETE', path: '/users/mfa/{mfaDeviceId}', params: mfaDeviceParams, request: noBodySchema, response: okSchema, bearer: true }),
  getTotpRegistration: route({ method: 'GET', path: '/users/mfa/register/totp', request: noBodySchema, response: totpRegistrationSchema, bearer: true }),
  registerTotp: route({ method: 'POST', path: '/users/mfa/register/totp', request: mfaCodeCheckSchema, response: mfaDeviceSchema, bearer: true }),
  getMfaPasskeyRegistrationOptions: route({ method: 'GET', path: '/users/mfa/register/passkey', request: noBodySchema, response: passkeyRegistrationOptionsSchema, bearer: true }),
  registerMfaPasskey: route({ method: 'POST', path: '/users/mfa/register/passkey', request: passkeyRegisterRequestSchema, response: mfaDeviceSchema, bearer: true }),
  authenticateMfaTotp: route({ method: 'POST', path: '/users/mfa/auth/totp', request: mfaCodeCheckSchema, response: signInResponseSchema, bearer: true }),
  getMfaPasskeyAuthenticationOptions: route({ method: 'GET', path: '/users/mfa/auth/passkey', request: noBodySchema, response: passkeyAuthenticationOptionsSchema, bearer: true }),
  authenticateMfaPasskey: route({ method: 'POST', path: '/users/mfa/auth/passkey', request: mfaPasskeyAuthSchema, response: signInResponseSchema, bearer: true }),
  authenticateMfaRecoveryCode: route({ method: 'POST', path: '/users/mfa/auth/recovery', request: mfaRecoveryAuthSchema, response: signInResponseSchema, bearer: true }),
  getRecoveryCodes: route({ method: 'GET', path: '/users/mfa/recovery', request: noBodySchema, response: recoveryCodesSchema, bearer: true }),
  regenerateRecoveryCodes: route({ method: 'POST', path: '/users/mfa/recovery', request: noBodySchema, response: recoveryCodesSchema, bearer: true }),
  getMfaMethods: route({ method: 'GET', path: '/users/mfa/methods', request: noBodySchema, response: mfaMethodSettingsSchema, bearer: true }),

  // user
  getUser: route({ method: 'GET', path: '/users', request: noBodySchema, response: userResponseSchema, bearer: true }),
  updateUser: route({ method: 'PUT', path: '/users', request: userUpdateSchema, response: userResponseSchema, bearer: true }),
  deleteUser: route({ method: 'DELETE', path: '/users', request: noBodySchema, response: okSchema, bearer: true }),
  checkUserField: route({ method: 'GET', path: '/users/check', request: fieldCheckQuerySchema, response: fieldAvailabilitySchema, bearer: true }),
  selectWallet: route({ method: 'PUT', path: '/users/wallets/selection', request: walletSelectionSchema, response: userResponseSchema, bearer: true }),

  // embedded wallets
  createEmbeddedWallet: route({ method: 'POST', path: '/users/embeddedWallets', request: embeddedWalletCreationSchema, response: signInResponseSchema, bearer: true }),
  deleteEmbeddedWallets: route({ method: 'DELETE', path: '/users/embeddedWallets', request: walletDeletionSchema, response: userResponseSchema, bearer: true }),
  registerSessionKey: route({ method: 'POST', path: '/users/embeddedWallets/sessionKey', request: sessionKeyRegistrationSchema, response: sessionKeyResponseSchema, bearer: true }),
  startEmbeddedWalletEmailAuth: route({ method: 'POST', path: '/users/embeddedWallets/emailAuth', request: embeddedWalletEmailAuthSchema, response: okSchema, bearer: true }),
  getWalletExport: route({ method: 'GET', path: '/users/embeddedWallets/{walletId}/activities/{activityId}/export', params: z.object({ walletId: pathParamSchema, activityId: pathParamSchema }), request: noBodySchema, response: walletExportSchema, bearer: true }),
  createWalletAccount: route({ method: 'POST', path: '/users/embeddedWallets/walletAccounts', request: walletChainEntrySchema, response: userResponseSchema, bearer: true }),
  updateRecoveryEmail: route({ method: 'PUT', path: '/users/embeddedWallets/recoveryEmail', request: recoveryEmailUpdateSchema, response: okSchema, bearer: true }),

  // MPC
  createMpcWallet: route({ method: 'POST', path: '/waas/create', request: keyGenerationSchema, response: mpcRoomSchema, bearer: true }),
  signMpcMessage: route({ method: 'POST', path: '/waas/{walletId}/signMessage', params: walletParams, request: mpcSignMessageSchema, response: mpcRoomSchema, bearer: true }),
  backupKeyShares: route({ method: 'POST', path: '/waas/{walletId}/keyShares/backup', params: walletParams, request: keyShareBackupSchema, response: keyShareListSchema, bearer: true }),
  recoverKeyShares: route({ method: 'POST', path: '/waas/{walletId}/keyShares/recover', params: walletParams, request: keyShareRecoverSchema, response: recoveredKeySharesSchema, bearer: true }),
  refreshMpcWallet: route({ method: 'POST', path: '/waas/{walletId}/refresh', params: walletParams, request: noBodySchema, response: mpcRoomSchema, bearer: true }),
  reshareMpcWallet: route({ method: 'POST', path: '/waas/{walletId}/reshare', params: walletParams, request: thresholdSchemeChangeSchema, response: mpcRoomSchema, bearer: true }),
  exportMpcPrivateKey: route({ method: 'POST', path: '/waas/{walletId}/privateKey/export', params: walletParams, request: noBodySchema, response: mpcRoomSchema, bearer: true }),

  // chain helpers
  getBalances: route({ method: 'GET', path: '/chains/{chainName}/balances', params: z.object({ chainName: chainSchema }), request: balancesQuerySchema, response: z.array(tokenBalanceSchema), bearer: false }),
  optimizeSolanaTransaction: route({ method: 'POST', path: '/solana/optimizeTransaction', request: optimizeTransactionSchema, response: optimizedTransactionSchema, bearer: false }),
  simulateSolanaTransaction: route({ method: 'POST', path: '/solana/simulateTransaction', request: transactionRequestSchema, response: transactionSimulationSchema, bearer: false }),
  getOnramps: route({ method: 'GET', path: '/onramps', request: onrampQuerySchema, response: onrampSchema, bearer: false }),
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteRequest<N extends RouteName> = z.input<Routes[N]['request']>;
export type RouteResponse<N extends RouteName> = z.output<Routes[N]['response']>;
/** The path parameters of a route (`{}` when its path has none). */
export type RouteParams<N extends RouteName> = Routes[N] extends { readonly params: infer P extends z.ZodType }
  ? z.input<P>
  : Record<string, never>;
