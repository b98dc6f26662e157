import { routes } from '@latchkey/protocol';
import type { Hono } from 'hono';
import type { SandboxContext } from '../context.js';
import { ApiError, messages } from '../errors/ApiError.js';
import { mountBearerRoute, mountMfaTokenRoute, mountRoute, mountSessionOrMfaTokenRoute } from '../http/mountRoute.js';
import { emailVerification } from '../services/email/emailVerification.js';
import { smsVerification } from '../services/sms/smsVerification.js';
import { createVerification, retryVerification } from '../services/verification/verificationCodes.js';
import { addVerifiedRecipient, signInWithVerification } from '../services/verification/verifiedRecipient.js';
import { mountSocialRoutes } from './socialRoutes.js';
import { mountEmbeddedWalletRoutes } from './embeddedWalletRoutes.js';
import { withAutomaticEmbeddedWallet } from '../services/embedded/embeddedWallets.js';
import { mountWalletRoutes } from './walletRoutes.js';
import { storeLogs } from '../services/logs/logs.js';
import { authenticateTotp, deleteMfaDevice, enrolmentAuth, getMfaDevice, getUserMfaMethods, listMfaDevices, pendingChallengeAuth, startTotpRegistration, updateMfaDevice, verifyTotpRegistration } from '../services/mfa/mfa.js';
import { authenticateMfaPasskey, mfaPasskeyAuthenticationOptions, mfaPasskeyRegistrationOptions, registerMfaPasskey } from '../services/mfa/mfaPasskeys.js';
import { acknowledgeRecoveryCodes, authenticateRecoveryCode, getRecoveryCodes, regenerateRecoveryCodes } from '../services/mfa/recoveryCodes.js';
import {
  deletePasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  passkeySignInOptions,
  registerPasskey,
  renamePasskey,
  signInWithPasskey,
} from '../services/passkeys/passkeys.js';
import { extendSession, revokeSession, toSessionInfo } from '../services/session/sessionRepository.js';
import { toPublicSettings } from '../services/settings/settingsRules.js';
import { withAppleSdkEmulation } from '../services/social/socialSignIn.js';
import { sessionExpiresAt, signInResponse } from '../services/session/signInResponse.js';
import { updateUser } from '../services/users/updateUser.js';
import { loadUser, toWireUser } from '../services/users/userRepository.js';

/** The product routes of the protocol table that the sandbox serves so far. */
export function mountProductRoutes(app: Hono, ctx: SandboxContext): void {
  // bootstrap
  mountRoute(app, ctx, routes.getSettings, async () => withAppleSdkEmulation(toPublicSettings(await ctx.settings.get()), ctx.oauthProvider.issuer));
  mountRoute(app, ctx, routes.getJwks, async () => ({ keys: [ctx.signingKey.publicJwk] }));
  mountRoute(app, ctx, routes.postLogs, async ({ body }) => {
    await storeLogs(ctx, body.logs);
    return { ok: true as const };
  });

  // e-mail code
  mountRoute(app, ctx, routes.createEmailVerification, ({ body }) => createVerification(ctx, emailVerification, body));
  mountRoute(app, ctx, routes.retryEmailVerification, ({ body }) => retryVerification(ctx, emailVerification, body));
  mountRoute(app, ctx, routes.signInWithEmailVerification, async ({ body }) =>
    withAutomaticEmbeddedWallet(ctx, await signInWithVerification(ctx, emailVerification, body), { sessionPublicKey: body.sessionPublicKey }),
  );
  mountBearerRoute(app, ctx, routes.verifyEmailVerification, ({ auth, body }) => addVerifiedRecipient(ctx, emailVerification, auth, body));

  // SMS code
  mountRoute(app, ctx, routes.createSmsVerification, ({ body }) => createVerification(ctx, smsVerification, body));
  mountRoute(app, ctx, routes.retrySmsVerification, ({ body }) => retryVerification(ctx, smsVerification, body));
  mountRoute(app, ctx, routes.signInWithSmsVerification, async ({ body }) =>
    withAutomaticEmbeddedWallet(ctx, await signInWithVerification(ctx, smsVerification, body), { sessionPublicKey: body.sessionPublicKey }),
  );
  mountBearerRoute(app, ctx, routes.verifySmsVerification, ({ auth, body }) => addVerifiedRecipient(ctx, smsVerification, auth, body));
  // social
  mountSocialRoutes(app, ctx);
  // wallet signature, wallet selection, catalogue
  mountWalletRoutes(app, ctx);

  // passkeys
  mountBearerRoute(app, ctx, routes.getPasskeyRegistrationOptions, ({ auth }) => passkeyRegistrationOptions(ctx, auth));
  mountBearerRoute(app, ctx, routes.registerPasskey, ({ auth, body, c }) =>
    registerPasskey(ctx, auth, { ...body, userAgent: c.req.header('user-agent') }),
  );
  mountRoute(app, ctx, routes.getPasskeySignInOptions, () => passkeySignInOptions(ctx));
  mountRoute(app, ctx, routes.signInWithPasskey, ({ body }) => signInWithPasskey(ctx, body));
  mountBearerRoute(app, ctx, routes.getPasskeys, ({ auth }) => listPasskeys(ctx, auth));
  mountBearerRoute(app, ctx, routes.updatePasskey, ({ auth, body }) => renamePasskey(ctx, auth, body));
  mountBearerRoute(app, ctx, routes.deletePasskey, ({ auth, body }) => deletePasskey(ctx, auth, body));

  // MFA
  mountBearerRoute(app, ctx, routes.getMfaDevices, ({ auth }) => listMfaDevices(ctx, auth));
  // A sign-in that must enrol first (security.mfa.required, no device) enrols with its MFA token.
  const fromMfaToken = (token: string | undefined) => enrolmentAuth(ctx, token);
  mountSessionOrMfaTokenRoute(app, ctx, routes.getTotpRegistration, fromMfaToken, ({ auth }) => startTotpRegistration(ctx, auth));
  mountSessionOrMfaTokenRoute(app, ctx, routes.registerTotp, fromMfaToken, ({ auth, body }) => verifyTotpRegistration(ctx, auth, body));
  mountSessionOrMfaTokenRoute(app, ctx, routes.getMfaPasskeyRegistrationOptions, fromMfaToken, ({ auth }) => mfaPasskeyRegistrationOptions(ctx, auth));
  mountSessionOrMfaTokenRoute(app, ctx, routes.registerMfaPasskey, fromMfaToken, ({ auth, body }) => registerMfaPasskey(ctx, auth, body));
  mountMfaTokenRoute(app, ctx, routes.authenticateMfaTotp, ({ auth, body }) => authenticateTotp(ctx, auth, body));
  mountMfaTokenRoute(app, ctx, routes.getMfaPasskeyAuthenticationOptions, ({ auth }) => mfaPasskeyAuthenticationOptions(ctx, auth));
  mountMfaTokenRoute(app, ctx, routes.authenticateMfaPasskey, ({ auth, body }) => authenticateMfaPasskey(ctx, auth, body));
  mountBearerRoute(app, ctx, routes.getRecoveryCodes, ({ auth }) => getRecoveryCodes(ctx, auth));
  mountBearerRoute(app, ctx, routes.regenerateRecoveryCodes, ({ auth }) => regenerateRecoveryCodes(ctx, auth));
  mountBearerRoute(app, ctx, routes.acknowledgeRecoveryCodes, ({ auth }) => acknowledgeRecoveryCodes(ctx, auth));
  mountMfaTokenRoute(app, ctx, routes.authenticateMfaRecoveryCode, ({ auth, body }) => authenticateRecoveryCode(ctx, auth, body));
  // Signed in, or mid-challenge with the MFA token: which second factors the user has.
  mountSessionOrMfaTokenRoute(app, ctx, routes.getMfaMethods, (token) => pendingChallengeAuth(ctx, token), ({ auth }) => getUserMfaMethods(ctx, auth));
  // Registered after the static /users/mfa/* routes so that those win over {mfaDeviceId}.
  mountBearerRoute(app, ctx, routes.getMfaDevice, ({ auth, c }) => getMfaDevice(ctx, auth, c.req.param('mfaDeviceId') ?? ''));
  mountBearerRoute(app, ctx, routes.updateMfaDevice, ({ auth, body, c }) => updateMfaDevice(ctx, auth, c.req.param('mfaDeviceId') ?? '', body));
  mountBearerRoute(app, ctx, routes.deleteMfaDevice, ({ auth, c }) => deleteMfaDevice(ctx, auth, c.req.param('mfaDeviceId') ?? ''));

  // embedded wallets
  mountEmbeddedWalletRoutes(app, ctx);

  // session
  mountBearerRoute(app, ctx, routes.refresh, async ({ auth }) => {
    const settings = await ctx.settings.get();
    return ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const session = await extendSession(tx, auth.session.id, sessionExpiresAt(now, settings));
      return signInResponse(ctx, tx, settings, auth.userId, session, { issuedAt: now });
    });
  });
  mountBearerRoute(app, ctx, routes.revoke, async ({ auth }) => {
    await revokeSession(ctx.db, auth.session.id, ctx.now());
    return { ok: true as const };
  });
  mountBearerRoute(app, ctx, routes.getSession, async ({ auth }) => toSessionInfo(auth.session));

  // user
  mountBearerRoute(app, ctx, routes.getUser, async ({ auth }) => {
    const record = await loadUser(ctx.db, ctx.environmentId, auth.userId);
    if (!record) throw new ApiError(401, 'unauthorized', messages.invalidToken);
    return { user: toWireUser(record, await ctx.settings.get(), { sessionId: auth.session.id }) };
  });
  mountBearerRoute(app, ctx, routes.updateUser, async ({ auth, body }) => ({ user: await updateUser(ctx, auth, body) }));
}
