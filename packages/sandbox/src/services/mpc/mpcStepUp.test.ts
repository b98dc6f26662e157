import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stepUpMessages } from '../mfa/stepUp.js';
import { totpCode } from '../mfa/totp.js';
import { backupBody, createWallet, mpcSession } from '../../test/mpcTestClient.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
  await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
});
afterAll(() => t.close());

/** The rooms that replace a wallet's shares (refresh, reshare) or hand the server's out (export): kind, path, body. */
const opens = (walletId: string): [string, string, object | undefined][] => [
  ['refresh', `/waas/${walletId}/refresh`, undefined],
  ['reshare', `/waas/${walletId}/reshare`, { clientKeygenIds: ['next-device', 'next-backup'], oldThresholdSignatureScheme: 'TWO_OF_TWO', newThresholdSignatureScheme: 'TWO_OF_THREE' }],
  ['export', `/waas/${walletId}/privateKey/export`, undefined],
];

describe('MPC wallets: a second factor before refresh, reshare and export', () => {
  it('error: with a second factor not passed in the last 5 minutes, opening a refresh, reshare or export room → 403 mfa_invalid_request; after a step-up they open; signing never asks', async () => {
    const session = await mpcSession(t, 'mpc-step-up@example.com');
    const wallet = await createWallet(t, session, 'TWO_OF_TWO');
    session.socket.close();
    const { id, secret } = (await t.call('GET', '/users/mfa/register/totp', { token: session.jwt })).body as { id: string; secret: string };
    expect((await t.call('POST', '/users/mfa/register/totp', { token: session.jwt, body: { id, code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
    t.clock.advance(6 * 60_000);

    for (const [kind, path, body] of opens(wallet.walletId)) {
      const refused = await t.call('POST', path, { token: session.jwt, ...(body ? { body } : {}) });
      expect(refused.status, kind).toBe(403);
      expect(refused.body.error, kind).toEqual({ code: 'mfa_invalid_request', message: stepUpMessages.required });
    }
    expect((await t.call('POST', `/waas/${wallet.walletId}/signMessage`, { token: session.jwt, body: { message: '00ff' } })).status).toBe(200);

    expect((await t.call('POST', '/users/mfa/auth/totp', { token: session.jwt, body: { code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
    for (const [kind, path, body] of opens(wallet.walletId)) {
      const opened = await t.call('POST', path, { token: session.jwt, ...(body ? { body } : {}) });
      expect(opened.status, `${kind}: ${JSON.stringify(opened.body)}`).toBe(200);
    }
  });

  it("error: the product API's backup shares are handed out only after a recent second factor too — a backup share and the server's sign without the device", async () => {
    const session = await mpcSession(t, 'mpc-step-up-recover@example.com');
    const wallet = await createWallet(t, session, 'TWO_OF_TWO');
    session.socket.close();
    const backedUp = await t.call('POST', `/waas/${wallet.walletId}/keyShares/backup`, {
      token: session.jwt,
      body: await backupBody(wallet.walletId, wallet.shares[0]!, { source: 'user', passwordEncrypted: true, secret: 'sealed-by-the-password' }),
    });
    expect(backedUp.status, JSON.stringify(backedUp.body)).toBe(200);
    const keyShareIds = (backedUp.body.keyShares as { id: string }[]).map((share) => share.id);
    const { id, secret } = (await t.call('GET', '/users/mfa/register/totp', { token: session.jwt })).body as { id: string; secret: string };
    expect((await t.call('POST', '/users/mfa/register/totp', { token: session.jwt, body: { id, code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
    t.clock.advance(6 * 60_000);

    const refused = await t.call('POST', `/waas/${wallet.walletId}/keyShares/recover`, { token: session.jwt, body: { keyShareIds } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'mfa_invalid_request', message: stepUpMessages.required });
    expect((await t.call('POST', '/users/mfa/auth/totp', { token: session.jwt, body: { code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
    const recovered = await t.call('POST', `/waas/${wallet.walletId}/keyShares/recover`, { token: session.jwt, body: { keyShareIds } });
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    expect(recovered.body.keyShares.map((share: { secret: string }) => share.secret)).toEqual(['sealed-by-the-password']);
  });

  it('default: a user without a second factor opens them as before', async () => {
    const session = await mpcSession(t, 'mpc-no-mfa@example.com');
    const wallet = await createWallet(t, session, 'TWO_OF_TWO');
    session.socket.close();
    t.clock.advance(6 * 60_000);
    for (const [kind, path, body] of opens(wallet.walletId)) expect((await t.call('POST', path, { token: session.jwt, ...(body ? { body } : {}) })).status, kind).toBe(200);
  });
});
