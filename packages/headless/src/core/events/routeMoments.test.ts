import type { RouteName } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { LatchkeyError } from '../errors/LatchkeyError.js';
import { createApi } from '../transport/createApi.js';
import type { Transport } from '../transport/createTransport.js';
import { createEmitter, type LatchkeyEvents } from './createEmitter.js';

const MOMENTS: (keyof LatchkeyEvents)[] = [
  'auth.signInStarted',
  'auth.signInFailed',
  'wallet.linked',
  'wallet.unlinked',
  'embeddedWallet.created',
  'mfa.enrolled',
  'credential.linked',
];

/** An api over a transport that answers `{}` (or throws `fail`), and the moments it emitted. */
function setup(fail?: LatchkeyError) {
  const events = createEmitter<LatchkeyEvents>();
  const seen: [string, unknown][] = [];
  for (const type of MOMENTS) events.on(type, (payload) => seen.push([type, payload]));
  const transport = (async () => {
    // What the api saw first: the start moment is out before the request is sent.
    seen.push(['sent', undefined]);
    if (fail) throw fail;
    return {};
  }) as unknown as Transport;
  const api = createApi({ transport, events });
  const call = (name: RouteName, options?: unknown) => (api.request as (name: RouteName, options?: unknown) => Promise<unknown>)(name, options);
  return { call, seen };
}

describe('emitRouteMoments (the lifecycle moments a request marks)', () => {
  it('default: a sign-in route — started before it is sent; no success moment (the session emits auth.signedIn)', async () => {
    const { call, seen } = setup();
    await call('signInWithSocial', { params: { provider: 'github' }, body: {} });
    expect(seen).toEqual([['auth.signInStarted', { method: 'social', provider: 'github' }], ['sent', undefined]]);
  });

  it('error: a refused sign-in — auth.signInFailed with the error code, for each method', async () => {
    const routes: [RouteName, string][] = [
      ['signInWithEmailVerification', 'email'],
      ['signInWithSmsVerification', 'sms'],
      ['signInWithTelegram', 'telegram'],
      ['verifyWalletSignature', 'wallet'],
      ['signInWithPasskey', 'passkey'],
    ];
    for (const [name, method] of routes) {
      const { call, seen } = setup(new LatchkeyError('invalid_sms_verification'));
      await expect(call(name, { body: {} })).rejects.toBeInstanceOf(LatchkeyError);
      expect(seen).toEqual([['auth.signInStarted', { method }], ['sent', undefined], ['auth.signInFailed', { method, code: 'invalid_sms_verification' }]]);
    }
  });

  it('behavior: wallet link, transfer and unlink; embedded wallets; MFA enrolment; other credentials', async () => {
    const { call, seen } = setup();
    await call('linkWallet', { body: { publicWalletAddress: 'Addr1', chain: 'SOL', walletName: 'phantom' } });
    await call('transferWallet', { body: { publicWalletAddress: 'Addr2', chain: 'SOL', walletName: 'solflare' } });
    await call('unlinkWallet', { body: { verifiedCrentialId: 'vc-9' } });
    await call('createEmbeddedWallet', { body: { chains: ['SOL'] } });
    await call('createMpcWallet', { body: { chain: 'SOL' } });
    await call('registerTotp', { body: {} });
    await call('registerMfaPasskey', { body: {} });
    await call('verifySocial', { params: { provider: 'discord' }, body: {} });
    await call('registerPasskey', { body: {} });
    await call('getUser');
    expect(seen.filter(([type]) => type !== 'sent')).toEqual([
      ['wallet.linked', { walletName: 'phantom', address: 'Addr1', chain: 'SOL', transferred: false }],
      ['wallet.linked', { walletName: 'solflare', address: 'Addr2', chain: 'SOL', transferred: true }],
      ['wallet.unlinked', { verifiedCredentialId: 'vc-9' }],
      ['embeddedWallet.created', { kind: 'custody', chains: ['SOL'] }],
      ['embeddedWallet.created', { kind: 'mpc', chains: ['SOL'] }],
      ['mfa.enrolled', { type: 'totp' }],
      ['mfa.enrolled', { type: 'passkey' }],
      ['credential.linked', { kind: 'social', provider: 'discord' }],
      ['credential.linked', { kind: 'passkey' }],
    ]);
  });

  it('error: a refused link or enrolment marks nothing', async () => {
    const { call, seen } = setup(new LatchkeyError('mfa_invalid_code'));
    await expect(call('registerTotp', { body: {} })).rejects.toBeInstanceOf(LatchkeyError);
    await expect(call('linkWallet', { body: {} })).rejects.toBeInstanceOf(LatchkeyError);
    expect(seen.filter(([type]) => type !== 'sent')).toEqual([]);
  });
});
