import * as z from 'zod/mini';
import { chainSchema, socialProviderSchema } from './enums.js';
import { embeddedWalletCreationSchema, embeddedWalletEmailAuthSchema, recoveryEmailUpdateSchema, sessionKeyChallengeRequestSchema, sessionKeyChallengeSchema, sessionKeyRegistrationSchema, sessionKeyResponseSchema, walletChainEntrySchema, walletDeletionSchema, walletExportSchema } from './embeddedWallet.js';
import { jwksSchema } from './jwks.js';
import { logBatchSchema } from './log.js';
import { mfaCodeCheckSchema, mfaDeviceListSchema, mfaDeviceSchema, mfaDeviceUpdateSchema, mfaPasskeyAuthSchema, mfaRecoveryAuthSchema, mfaUserMethodsSchema, recoveryCodesSchema, totpRegistrationSchema } from './mfa.js';
import { keyGenerationSchema, keyShareBackupSchema, keyShareListSchema, keyShareRecoverSchema, mpcRoomSchema, mpcSignMessageSchema, recoveredKeySharesSchema, thresholdSchemeChangeSchema } from './mpc.js';
import { networkConfigurationSchema } from './networks.js';
import { passkeyAuthenticationOptionsSchema, passkeyDeleteSchema, passkeyListSchema, passkeyRecordSchema, passkeyRegisteredSchema, passkeyRegisterRequestSchema, passkeyRegistrationOptionsSchema, passkeySignInRequestSchema, passkeyUpdateSchema } from './passkeys.js';
import { analyticsEventBatchSchema, fieldAvailabilitySchema, fieldCheckQuerySchema } from './records.js';
import { noBodySchema, okSchema, pathParamSchema, route, type RouteDefinition } from './routeDefinition.js';
import { routeInfo, type RouteInfoTable } from './routeInfo.js';
import { projectSettingsSchema } from './settings/index.js';
import { sessionInfoSchema, sessionResponseSchema, signInResponseSchema } from './signIn.js';
import { htmlPageSchema, oauthCodeExchangeSchema, oauthInitAuthResponseSchema, oauthInitAuthSchema, oauthRedirectQuerySchema, telegramAuthQuerySchema, telegramInitAuthSchema, telegramSignInSchema } from './social.js';
import { balancesQuerySchema, onrampQuerySchema, onrampSchema, tokenBalanceSchema } from './tokens.js';
import { optimizedTransactionSchema, optimizeTransactionSchema, transactionRequestSchema, transactionSimulationSchema } from './transactions.js';
import { userDeletionSchema, userSchema, userUpdateSchema } from './user.js';
import { emailSignInSchema, emailVerificationSchema, phoneSignInSchema, phoneVerificationSchema, verificationCreatedSchema, verificationDataSchema } from './verification.js';
import { nonceResponseSchema, verifyRequestSchema, walletLinkSchema, walletSelectionSchema } from './walletSignature.js';

export * from './routeDefinition.js';

export const userResponseSchema = z.object({ user: userSchema });

const providerParams = z.object({ provider: socialProviderSchema });
const walletParams = z.object({ walletId: pathParamSchema });
const mfaDeviceParams = z.object({ mfaDeviceId: pathParamSchema });

/**
 * The product route table of DESIGN.md "Routes": each entry of `routeInfo` (method, path, bearer;
 * plain data that code without zod can read) with the schemas of its request, answer and path
 * parameters. See `RouteDefinition` for the meaning of each field.
 */
export const routes = {
  // bootstrap
  getSettings: route({ ...routeInfo.getSettings, request: noBodySchema, response: projectSettingsSchema }),
  getNetworks: route({ ...routeInfo.getNetworks, request: noBodySchema, response: z.array(networkConfigurationSchema) }),
  getJwks: route({ ...routeInfo.getJwks, request: noBodySchema, response: jwksSchema }),
  postLogs: route({ ...routeInfo.postLogs, request: logBatchSchema, response: okSchema }),
  postEvent: route({ ...routeInfo.postEvent, request: analyticsEventBatchSchema, response: okSchema }),

  // session
  refresh: route({ ...routeInfo.refresh, request: noBodySchema, response: signInResponseSchema }),
  revoke: route({ ...routeInfo.revoke, request: noBodySchema, response: okSchema }),
  revokeAll: route({ ...routeInfo.revokeAll, request: noBodySchema, response: okSchema }),
  getSession: route({ ...routeInfo.getSession, request: noBodySchema, response: sessionInfoSchema }),

  // e-mail code
  createEmailVerification: route({ ...routeInfo.createEmailVerification, request: emailSignInSchema, response: verificationCreatedSchema }),
  retryEmailVerification: route({ ...routeInfo.retryEmailVerification, request: emailVerificationSchema, response: verificationCreatedSchema }),
  signInWithEmailVerification: route({ ...routeInfo.signInWithEmailVerification, request: verificationDataSchema, response: signInResponseSchema }),
  verifyEmailVerification: route({ ...routeInfo.verifyEmailVerification, request: verificationDataSchema, response: signInResponseSchema }),

  // SMS code
  createSmsVerification: route({ ...routeInfo.createSmsVerification, request: phoneSignInSchema, response: verificationCreatedSchema }),
  retrySmsVerification: route({ ...routeInfo.retrySmsVerification, request: phoneVerificationSchema, response: verificationCreatedSchema }),
  signInWithSmsVerification: route({ ...routeInfo.signInWithSmsVerification, request: verificationDataSchema, response: signInResponseSchema }),
  verifySmsVerification: route({ ...routeInfo.verifySmsVerification, request: verificationDataSchema, response: signInResponseSchema }),

  // social
  initSocialAuth: route({ ...routeInfo.initSocialAuth, params: providerParams, request: oauthInitAuthSchema, response: oauthInitAuthResponseSchema }),
  getSocialRedirect: route({ ...routeInfo.getSocialRedirect, params: providerParams, request: oauthRedirectQuerySchema, response: htmlPageSchema }),
  signInWithSocial: route({ ...routeInfo.signInWithSocial, params: providerParams, request: oauthCodeExchangeSchema, response: signInResponseSchema }),
  verifySocial: route({ ...routeInfo.verifySocial, params: providerParams, request: oauthCodeExchangeSchema, response: signInResponseSchema }),

  // Telegram
  initTelegramAuth: route({ ...routeInfo.initTelegramAuth, request: telegramInitAuthSchema, response: oauthInitAuthResponseSchema }),
  getTelegramAuth: route({ ...routeInfo.getTelegramAuth, request: telegramAuthQuerySchema, response: htmlPageSchema }),
  signInWithTelegram: route({ ...routeInfo.signInWithTelegram, request: telegramSignInSchema, response: signInResponseSchema }),
  verifyTelegram: route({ ...routeInfo.verifyTelegram, request: telegramSignInSchema, response: signInResponseSchema }),

  // wallet signature
  getNonce: route({ ...routeInfo.getNonce, request: noBodySchema, response: nonceResponseSchema }),
  verifyWalletSignature: route({ ...routeInfo.verifyWalletSignature, request: verifyRequestSchema, response: signInResponseSchema }),
  linkWallet: route({ ...routeInfo.linkWallet, request: verifyRequestSchema, response: signInResponseSchema }),
  unlinkWallet: route({ ...routeInfo.unlinkWallet, request: walletLinkSchema, response: signInResponseSchema }),
  mergeAccounts: route({ ...routeInfo.mergeAccounts, request: verifyRequestSchema, response: signInResponseSchema }),
  transferWallet: route({ ...routeInfo.transferWallet, request: verifyRequestSchema, response: signInResponseSchema }),

  // passkeys
  getPasskeyRegistrationOptions: route({ ...routeInfo.getPasskeyRegistrationOptions, request: noBodySchema, response: passkeyRegistrationOptionsSchema }),
  registerPasskey: route({ ...routeInfo.registerPasskey, request: passkeyRegisterRequestSchema, response: passkeyRegisteredSchema }),
  getPasskeySignInOptions: route({ ...routeInfo.getPasskeySignInOptions, request: noBodySchema, response: passkeyAuthenticationOptionsSchema }),
  signInWithPasskey: route({ ...routeInfo.signInWithPasskey, request: passkeySignInRequestSchema, response: signInResponseSchema }),
  getPasskeys: route({ ...routeInfo.getPasskeys, request: noBodySchema, response: passkeyListSchema }),
  updatePasskey: route({ ...routeInfo.updatePasskey, request: passkeyUpdateSchema, response: passkeyRecordSchema }),
  deletePasskey: route({ ...routeInfo.deletePasskey, request: passkeyDeleteSchema, response: okSchema }),

  // MFA
  getMfaDevices: route({ ...routeInfo.getMfaDevices, request: noBodySchema, response: mfaDeviceListSchema }),
  getMfaDevice: route({ ...routeInfo.getMfaDevice, params: mfaDeviceParams, request: noBodySchema, response: mfaDeviceSchema }),
  updateMfaDevice: route({ ...routeInfo.updateMfaDevice, params: mfaDeviceParams, request: mfaDeviceUpdateSchema, response: mfaDeviceSchema }),
  deleteMfaDevice: route({ ...routeInfo.deleteMfaDevice, params: mfaDeviceParams, request: noBodySchema, response: okSchema }),
  getTotpRegistration: route({ ...routeInfo.getTotpRegistration, request: noBodySchema, response: totpRegistrationSchema }),
  registerTotp: route({ ...routeInfo.registerTotp, request: mfaCodeCheckSchema, response: mfaDeviceSchema }),
  getMfaPasskeyRegistrationOptions: route({ ...routeInfo.getMfaPasskeyRegistrationOptions, request: noBodySchema, response: passkeyRegistrationOptionsSchema }),
  registerMfaPasskey: route({ ...routeInfo.registerMfaPasskey, request: passkeyRegisterRequestSchema, response: mfaDeviceSchema }),
  authenticateMfaTotp: route({ ...routeInfo.authenticateMfaTotp, request: mfaCodeCheckSchema, response: sessionResponseSchema }),
  getMfaPasskeyAuthenticationOptions: route({ ...routeInfo.getMfaPasskeyAuthenticationOptions, request: noBodySchema, response: passkeyAuthenticationOptionsSchema }),
  authenticateMfaPasskey: route({ ...routeInfo.authenticateMfaPasskey, request: mfaPasskeyAuthSchema, response: sessionResponseSchema }),
  authenticateMfaRecoveryCode: route({ ...routeInfo.authenticateMfaRecoveryCode, request: mfaRecoveryAuthSchema, response: sessionResponseSchema }),
  getRecoveryCodes: route({ ...routeInfo.getRecoveryCodes, request: noBodySchema, response: recoveryCodesSchema }),
  regenerateRecoveryCodes: route({ ...routeInfo.regenerateRecoveryCodes, request: noBodySchema, response: recoveryCodesSchema }),
  acknowledgeRecoveryCodes: route({ ...routeInfo.acknowledgeRecoveryCodes, request: noBodySchema, response: userResponseSchema }),
  getMfaMethods: route({ ...routeInfo.getMfaMethods, request: noBodySchema, response: mfaUserMethodsSchema }),

  // user
  getUser: route({ ...routeInfo.getUser, request: noBodySchema, response: userResponseSchema }),
  updateUser: route({ ...routeInfo.updateUser, request: userUpdateSchema, response: userResponseSchema }),
  deleteUser: route({ ...routeInfo.deleteUser, request: userDeletionSchema, response: okSchema }),
  checkUserField: route({ ...routeInfo.checkUserField, request: fieldCheckQuerySchema, response: fieldAvailabilitySchema }),
  selectWallet: route({ ...routeInfo.selectWallet, request: walletSelectionSchema, response: userResponseSchema }),

  // embedded wallets
  createEmbeddedWallet: route({ ...routeInfo.createEmbeddedWallet, request: embeddedWalletCreationSchema, response: signInResponseSchema }),
  deleteEmbeddedWallets: route({ ...routeInfo.deleteEmbeddedWallets, request: walletDeletionSchema, response: userResponseSchema }),
  registerSessionKey: route({ ...routeInfo.registerSessionKey, request: sessionKeyRegistrationSchema, response: sessionKeyResponseSchema }),
  createSessionKeyChallenge: route({ ...routeInfo.createSessionKeyChallenge, request: sessionKeyChallengeRequestSchema, response: sessionKeyChallengeSchema }),
  startEmbeddedWalletEmailAuth: route({ ...routeInfo.startEmbeddedWalletEmailAuth, request: embeddedWalletEmailAuthSchema, response: okSchema }),
  getWalletExport: route({ ...routeInfo.getWalletExport, params: z.object({ walletId: pathParamSchema, activityId: pathParamSchema }), request: noBodySchema, response: walletExportSchema }),
  createWalletAccount: route({ ...routeInfo.createWalletAccount, request: walletChainEntrySchema, response: userResponseSchema }),
  updateRecoveryEmail: route({ ...routeInfo.updateRecoveryEmail, request: recoveryEmailUpdateSchema, response: okSchema }),

  // MPC
  createMpcWallet: route({ ...routeInfo.createMpcWallet, request: keyGenerationSchema, response: mpcRoomSchema }),
  signMpcMessage: route({ ...routeInfo.signMpcMessage, params: walletParams, request: mpcSignMessageSchema, response: mpcRoomSchema }),
  backupKeyShares: route({ ...routeInfo.backupKeyShares, params: walletParams, request: keyShareBackupSchema, response: keyShareListSchema }),
  recoverKeyShares: route({ ...routeInfo.recoverKeyShares, params: walletParams, request: keyShareRecoverSchema, response: recoveredKeySharesSchema }),
  refreshMpcWallet: route({ ...routeInfo.refreshMpcWallet, params: walletParams, request: noBodySchema, response: mpcRoomSchema }),
  reshareMpcWallet: route({ ...routeInfo.reshareMpcWallet, params: walletParams, request: thresholdSchemeChangeSchema, response: mpcRoomSchema }),
  exportMpcPrivateKey: route({ ...routeInfo.exportMpcPrivateKey, params: walletParams, request: noBodySchema, response: mpcRoomSchema }),

  // chain helpers
  getBalances: route({ ...routeInfo.getBalances, params: z.object({ chainName: chainSchema }), request: balancesQuerySchema, response: z.array(tokenBalanceSchema) }),
  optimizeSolanaTransaction: route({ ...routeInfo.optimizeSolanaTransaction, request: optimizeTransactionSchema, response: optimizedTransactionSchema }),
  simulateSolanaTransaction: route({ ...routeInfo.simulateSolanaTransaction, request: transactionRequestSchema, response: transactionSimulationSchema }),
  getOnramps: route({ ...routeInfo.getOnramps, request: onrampQuerySchema, response: onrampSchema }),
} as const satisfies { readonly [N in keyof RouteInfoTable]: RouteDefinition };

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteRequest<N extends RouteName> = z.input<Routes[N]['request']>;
export type RouteResponse<N extends RouteName> = z.output<Routes[N]['response']>;
/** The path parameters of a route (`{}` when its path has none). */
export type RouteParams<N extends RouteName> = Routes[N] extends { readonly params: infer P extends z.core.$ZodType }
  ? z.input<P>
  : Record<string, never>;
