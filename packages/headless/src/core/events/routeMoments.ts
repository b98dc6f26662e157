import type { RouteName } from '@latchkey/protocol';
import type { Emitter, LatchkeyEvents, LinkedCredentialKind, SignInMethod } from './createEmitter.js';

/** The routes that sign a user in with a credential, by method. */
const SIGN_IN_ROUTES: Partial<Record<RouteName, SignInMethod>> = {
  signInWithEmailVerification: 'email',
  signInWithSmsVerification: 'sms',
  signInWithSocial: 'social',
  signInWithTelegram: 'telegram',
  verifyWalletSignature: 'wallet',
  signInWithPasskey: 'passkey',
};

/** The routes that add a credential other than a wallet to the signed-in user. */
const LINK_ROUTES: Partial<Record<RouteName, LinkedCredentialKind>> = {
  verifyEmailVerification: 'email',
  verifySmsVerification: 'sms',
  verifySocial: 'social',
  verifyTelegram: 'telegram',
  registerPasskey: 'passkey',
};

interface RequestOptions {
  body?: Record<string, unknown>;
  params?: Record<string, string>;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * Turns one product request into the lifecycle moments it marks (SPEC §3 analytics events, the host callbacks):
 * `start` before it is sent, `ok` with its answer, `error` with its error code. It lives in the contract chunk (it is
 * only needed once a request is made), so the code that paints first carries none of it.
 */
export function emitRouteMoments(
  events: Pick<Emitter<LatchkeyEvents>, 'emit'>,
  name: RouteName,
  phase: 'start' | 'ok' | 'error',
  options: RequestOptions | undefined,
  code?: string,
): void {
  const body = options?.body ?? {};
  const provider = text(options?.params?.provider);
  const withProvider = provider ? { provider } : {};
  const method = SIGN_IN_ROUTES[name];
  if (method) {
    if (phase === 'start') events.emit('auth.signInStarted', { method, ...withProvider });
    if (phase === 'error') events.emit('auth.signInFailed', { method, ...withProvider, code: code ?? 'unknown' });
    return;
  }
  if (phase !== 'ok') return;
  const kind = LINK_ROUTES[name];
  if (kind) return events.emit('credential.linked', { kind, ...withProvider });
  switch (name) {
    case 'linkWallet':
    case 'transferWallet':
      return events.emit('wallet.linked', {
        walletName: text(body.walletName),
        address: text(body.publicWalletAddress),
        chain: text(body.chain),
        transferred: name === 'transferWallet',
      });
    case 'unlinkWallet':
      return events.emit('wallet.unlinked', { verifiedCredentialId: text(body.verifiedCrentialId) ?? '' });
    case 'createEmbeddedWallet':
      return events.emit('embeddedWallet.created', { kind: 'custody', chains: Array.isArray(body.chains) ? body.chains.map(String) : [] });
    case 'createMpcWallet':
      return events.emit('embeddedWallet.created', { kind: 'mpc', chains: body.chain === undefined ? [] : [String(body.chain)] });
    case 'registerTotp':
      return events.emit('mfa.enrolled', { type: 'totp' });
    case 'registerMfaPasskey':
      return events.emit('mfa.enrolled', { type: 'passkey' });
    default:
      return;
  }
}
