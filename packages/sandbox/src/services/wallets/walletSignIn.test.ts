import { errorBodySchema, signInResponseSchema, type User } from '@latchkey/protocol';
import bs58 from 'bs58';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectCaptchaRefused, setCaptcha, solveCaptcha } from '../../test/captcha.js';
import { createTestKeypair, siwsMessage, type TestKeypair } from '../../test/testWallet.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { accessMessages } from './accessList.js';
import { totpCode } from '../mfa/totp.js';
import { unlinkMessages } from '../users/unlinkCredential.js';
import { createWallet, openSocket } from '../../test/mpcTestClient.js';
import { WALLET_NONCE_TTL_MS, walletMessages } from './walletSignature.js';
import { walletLinkMessages } from './walletSignIn.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());
afterEach(async () => {
  await t.call('POST', '/sandbox/admin/reset-settings');
  await t.call('DELETE', '/sandbox/admin/access-list');
});

async function nonce(): Promise<string> {
  const response = await t.call('GET', '/nonce');
  expect(response.status).toBe(200);
  return response.body.nonce as string;
}

async function verifyBody(wallet: TestKeypair, overrides: { domain?: string; nonce?: string; message?: string } = {}) {
  const messageToSign = overrides.message ?? siwsMessage({ address: wallet.address, nonce: overrides.nonce ?? (await nonce()), domain: overrides.domain, issuedAt: t.clock.now() });
  const signedMessage = wallet.signMessage(messageToSign);
  return { messageToSign, signedMessage, publicWalletAddress: wallet.address, chain: 'SOL', walletName: 'phantom', walletProvider: 'browserExtension' };
}

function expectError(response: { status: number; body: unknown }, status: number, code: string, message?: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const body = errorBodySchema.parse(response.body);
  expect(body.error.code).toBe(code);
  if (message !== undefined) expect(body.error.message).toBe(message);
}

async function signIn(wallet: TestKeypair) {
  const response = await t.call('POST', '/verify', { body: await verifyBody(wallet) });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return signInResponseSchema.parse(response.body) as { jwt: string; user: User };
}

const wallets = (user: User) => user.verifiedCredentials.filter((credential) => credential.format === 'blockchain');

async function me(jwt: string): Promise<User> {
  return (await t.call('GET', '/users', { token: jwt })).body.user as User;
}

describe('GET /nonce', () => {
  it('default: fresh 32-character nonces', async () => {
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(a).not.toBe(b);
  });
});

describe('POST /verify (Sign-In-With-Solana)', () => {
  it("error: a small-order public key (the System Program's 111…1, a key no one holds) with the signature every message verifies under ZIP-215 (R = identity, S = 0) is refused", async () => {
    const address = bs58.encode(new Uint8Array(32));
    expect(address).toBe('11111111111111111111111111111111');
    const forged = bs58.encode(Uint8Array.from([1, ...new Array<number>(63).fill(0)]));
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { nonce } = (await t.call('GET', '/nonce')).body as { nonce: string };
      const messageToSign = siwsMessage({ address, nonce, issuedAt: t.clock.now() });
      const response = await t.call('POST', '/verify', {
        body: { messageToSign, signedMessage: forged, publicWalletAddress: address, chain: 'SOL', walletName: 'phantom', walletProvider: 'browserExtension' },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error.code).toBe('invalid_verification');
    }
  });

  it('default: a new user whose credentials list the wallet (SPEC §3 fields)', async () => {
    const wallet = createTestKeypair();
    const { user, jwt } = await signIn(wallet);
    expect(user.newUser).toBe(true);
    expect(wallets(user)).toEqual([
      expect.objectContaining({ format: 'blockchain', address: wallet.address, chain: 'SOL', public_identifier: wallet.address, wallet_name: 'phantom', wallet_provider: 'browserExtension' }),
    ]);
    expect(jwt.split('.')).toHaveLength(3);
    const again = await signIn(wallet);
    expect(again.user.id).toBe(user.id);
    expect(again.user.newUser).toBe(false);
  });

  it('error: a nonce is single-use', async () => {
    const wallet = createTestKeypair();
    const body = await verifyBody(wallet);
    expect((await t.call('POST', '/verify', { body })).status).toBe(200);
    expectError(await t.call('POST', '/verify', { body }), 400, 'invalid_verification', walletMessages.invalidNonce);
  });

  it('error: a bad signature consumes the nonce and creates nobody', async () => {
    const wallet = createTestKeypair();
    const other = createTestKeypair();
    const good = await verifyBody(wallet);
    expectError(await t.call('POST', '/verify', { body: { ...good, signedMessage: other.signMessage(good.messageToSign) } }), 400, 'invalid_verification', walletMessages.badSignature);
    expectError(await t.call('POST', '/verify', { body: good }), 400, 'invalid_verification', walletMessages.invalidNonce);
    const fresh = await signIn(wallet);
    expect(fresh.user.newUser).toBe(true);
  });

  it('error: an expired nonce', async () => {
    const wallet = createTestKeypair();
    const n = await nonce();
    t.clock.advance(WALLET_NONCE_TTL_MS + 1);
    expectError(await t.call('POST', '/verify', { body: await verifyBody(wallet, { nonce: n }) }), 400, 'invalid_verification', walletMessages.invalidNonce);
  });

  it('error: an unknown nonce', async () => {
    expectError(await t.call('POST', '/verify', { body: await verifyBody(createTestKeypair(), { nonce: 'abcdefgh12345678' }) }), 400, 'invalid_verification', walletMessages.invalidNonce);
  });

  it('error: a domain that is not loopback', async () => {
    expectError(await t.call('POST', '/verify', { body: await verifyBody(createTestKeypair(), { domain: 'evil.example' }) }), 400, 'invalid_verification', walletMessages.domainNotAllowed('evil.example'));
  });

  it('error: the message is for another address', async () => {
    const wallet = createTestKeypair();
    const other = createTestKeypair();
    const message = siwsMessage({ address: other.address, nonce: await nonce(), issuedAt: t.clock.now() });
    const body = { ...(await verifyBody(wallet, { message })), signedMessage: wallet.signMessage(message) };
    expectError(await t.call('POST', '/verify', { body }), 400, 'invalid_verification', walletMessages.addressMismatch);
  });

  it('error: a stale Issued At, a wrong version, a URI on another host', async () => {
    const wallet = createTestKeypair();
    const stale = siwsMessage({ address: wallet.address, nonce: await nonce(), issuedAt: new Date(t.clock.now().getTime() - 3_600_000) });
    expectError(await t.call('POST', '/verify', { body: await verifyBody(wallet, { message: stale }) }), 400, 'invalid_verification', walletMessages.issuedAt);
    const v2 = siwsMessage({ address: wallet.address, nonce: await nonce(), issuedAt: t.clock.now(), version: '2' });
    expectError(await t.call('POST', '/verify', { body: await verifyBody(wallet, { message: v2 }) }), 400, 'invalid_verification', walletMessages.version);
    const uri = siwsMessage({ address: wallet.address, nonce: await nonce(), issuedAt: t.clock.now(), uri: 'http://127.0.0.1:9/' });
    expectError(await t.call('POST', '/verify', { body: await verifyBody(wallet, { message: uri }) }), 400, 'invalid_verification', walletMessages.uriMismatch);
  });

  it("error: a message bound to another chain (Chain ID other than localnet) is refused and consumes its nonce; localnet, bare or as solana:localnet, signs in", async () => {
    const wallet = createTestKeypair();
    for (const chainId of ['mainnet', 'solana:mainnet', 'devnet', 'garbage-chain']) {
      const message = siwsMessage({ address: wallet.address, nonce: await nonce(), issuedAt: t.clock.now() }).replace('Chain ID: localnet', `Chain ID: ${chainId}`);
      expect(message).toContain(`Chain ID: ${chainId}`);
      expectError(await t.call('POST', '/verify', { body: await verifyBody(wallet, { message }) }), 400, 'invalid_verification', walletMessages.otherChain(chainId));
    }
    const message = siwsMessage({ address: wallet.address, nonce: await nonce(), issuedAt: t.clock.now() }).replace('Chain ID: localnet', 'Chain ID: solana:localnet');
    expect((await t.call('POST', '/verify', { body: await verifyBody(wallet, { message }) })).status).toBe(200);
    expect((await t.call('POST', '/verify', { body: await verifyBody(wallet) })).status).toBe(200);
  });

  it('error: not a Sign-In-With-Solana message', async () => {
    const wallet = createTestKeypair();
    const response = await t.call('POST', '/verify', { body: await verifyBody(wallet, { message: 'Hello there, nonce abcdefgh1234' }) });
    expectError(response, 400, 'invalid_verification');
    expect(response.body.error.message).toContain('wants you to sign in with your Solana account');
  });

  it('error: a malformed request is invalid_request', async () => {
    const body = await verifyBody(createTestKeypair());
    expectError(await t.call('POST', '/verify', { body: { ...body, publicWalletAddress: '0xnot-solana' } }), 400, 'invalid_request');
    expectError(await t.call('POST', '/verify', { body: { ...body, walletProvider: 'carrierPigeon' } }), 400, 'invalid_request');
    expectError(await t.call('POST', '/verify', { body: { ...body, signedMessage: '0OIl' } }), 400, 'invalid_verification', walletMessages.badSignature);
  });

  // A hardware wallet's memo transaction: hardwareWalletSignIn.test.ts.
});

describe('access lists', () => {
  it("error: a blocked address: 'This address is blocked by the gate'", async () => {
    const wallet = createTestKeypair();
    await t.call('PUT', '/sandbox/admin/access-list', { body: { address: wallet.address, action: 'block' } });
    expectError(await t.call('POST', '/verify', { body: await verifyBody(wallet) }), 403, 'address_blocked_by_gate', accessMessages.blocked);
  });

  it("error: with an allow list, others are 'not approved for access'; listed ones pass", async () => {
    const allowed = createTestKeypair();
    await t.call('PUT', '/sandbox/admin/access-list', { body: { address: allowed.address, action: 'allow' } });
    expectError(await t.call('POST', '/verify', { body: await verifyBody(createTestKeypair()) }), 403, 'address_not_approved', accessMessages.notApproved);
    await signIn(allowed);
  });

  it('error: a bad admin body', async () => {
    expectError(await t.call('PUT', '/sandbox/admin/access-list', { body: { address: 'x', action: 'maybe' } }), 400, 'invalid_request');
  });
});

describe('linking, merging, transferring, selecting, unlinking', () => {
  it('default: link a second wallet (not primary), select it, unlink it', async () => {
    const first = createTestKeypair();
    const second = createTestKeypair();
    const { jwt } = await signIn(first);
    const linked = await t.call('POST', '/verify/link', { token: jwt, body: await verifyBody(second) });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const both = wallets(linked.body.user as User);
    expect(both.map((credential) => credential.address)).toEqual([first.address, second.address]);
    expect(both[1]?.lastSelectedAt).toBeNull();

    const secondId = both[1]!.id;
    t.clock.advance(1000);
    const selected = await t.call('PUT', '/users/wallets/selection', { token: jwt, body: { walletId: secondId } });
    expect(selected.status).toBe(200);
    const after = wallets(selected.body.user as User);
    expect(Date.parse(after[1]!.lastSelectedAt!)).toBeGreaterThan(Date.parse(after[0]!.lastSelectedAt!));

    const unlinked = await t.call('POST', '/verify/unlink', { token: jwt, body: { verifiedCrentialId: secondId } });
    expect(unlinked.status).toBe(200);
    expect(wallets(unlinked.body.user as User).map((credential) => credential.address)).toEqual([first.address]);
  });

  it('error: selecting a credential that is not one of your wallets', async () => {
    const { jwt, user } = await signIn(createTestKeypair());
    const other = await signIn(createTestKeypair());
    expectError(await t.call('PUT', '/users/wallets/selection', { token: jwt, body: { walletId: wallets(other.user)[0]!.id } }), 400, 'invalid_wallet_id');
    expectError(await t.call('PUT', '/users/wallets/selection', { token: jwt, body: {} }), 400, 'invalid_request');
    expect(await me(jwt)).toMatchObject({ verifiedCredentials: user.verifiedCredentials.map((credential) => expect.objectContaining({ id: credential.id })) });
  });

  it('error: linking your own wallet again is account_already_linked', async () => {
    const wallet = createTestKeypair();
    const { jwt } = await signIn(wallet);
    expectError(await t.call('POST', '/verify/link', { token: jwt, body: await verifyBody(wallet) }), 400, 'account_already_linked');
  });

  it('behavior: a wallet that is another account\'s only credential → reassign_wallet_confirm, then /verify/transfer', async () => {
    const mine = createTestKeypair();
    const theirs = createTestKeypair();
    const { jwt } = await signIn(mine);
    const other = await signIn(theirs);
    expectError(await t.call('POST', '/verify/link', { token: jwt, body: await verifyBody(theirs) }), 409, 'reassign_wallet_confirm');
    expect(wallets(await me(jwt))).toHaveLength(1);
    const moved = await t.call('POST', '/verify/transfer', { token: jwt, body: await verifyBody(theirs) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(wallets(moved.body.user as User).map((credential) => credential.address)).toEqual([mine.address, theirs.address]);
    expect((await t.call('GET', '/users', { token: other.jwt })).status).toBe(401);
    expectError(await t.call('POST', '/verify/transfer', { token: jwt, body: await verifyBody(theirs) }), 400, 'reassign_wallet_error');
  });

  it('behavior: a wallet of an account with more credentials → merge_accounts_confirmation, then /verify/merge', async () => {
    const mine = createTestKeypair();
    const theirs = createTestKeypair();
    const { jwt } = await signIn(mine);
    const email = await t.signIn('merge-me@example.test');
    const linked = await t.call('POST', '/verify/link', { token: email.jwt, body: await verifyBody(theirs) });
    expect(linked.status).toBe(200);
    expectError(await t.call('POST', '/verify/link', { token: jwt, body: await verifyBody(theirs) }), 409, 'merge_accounts_confirmation');
    const merged = await t.call('POST', '/verify/merge', { token: jwt, body: await verifyBody(theirs) });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const formats = (merged.body.user as User).verifiedCredentials.map((credential) => credential.format).sort();
    expect(formats).toEqual(['blockchain', 'blockchain', 'email']);
    expectError(await t.call('POST', '/verify/merge', { token: jwt, body: await verifyBody(createTestKeypair()) }), 400, 'merge_accounts_invalid');
  });

  /** Enrols a TOTP device for the signed-in user (MFA must be enabled in the settings). */
  async function enrolTotp(jwt: string): Promise<void> {
    const { id, secret } = (await t.call('GET', '/users/mfa/register/totp', { token: jwt })).body as { id: string; secret: string };
    expect((await t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id, code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
  }

  it("error: a wallet's signature does not merge away the account it belongs to when that account has a second factor (signing in with the wallet asks for it): link does not offer the merge, /verify/merge refuses, nothing moves", async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
    const theirs = createTestKeypair();
    const victim = await t.signIn('merge-mfa-victim@example.test');
    await enrolTotp(victim.jwt);
    expect((await t.call('POST', '/verify/link', { token: victim.jwt, body: await verifyBody(theirs) })).status).toBe(200);
    // The wallet alone signs in only as far as the second factor.
    const alone = await t.call('POST', '/verify', { body: await verifyBody(theirs) });
    expect(alone.body.jwt).toBeUndefined();
    expect(alone.body.mfaToken).toEqual(expect.any(String));

    const attacker = await t.signIn('merge-mfa-attacker@example.test');
    expectError(await t.call('POST', '/verify/link', { token: attacker.jwt, body: await verifyBody(theirs) }), 403, 'merge_accounts_invalid', walletLinkMessages.protectedAccount);
    expectError(await t.call('POST', '/verify/merge', { token: attacker.jwt, body: await verifyBody(theirs) }), 403, 'merge_accounts_invalid', walletLinkMessages.protectedAccount);
    expect((await me(attacker.jwt)).verifiedCredentials.map((credential) => credential.format)).toEqual(['email']);
    const kept = await me(victim.jwt);
    expect(kept.verifiedCredentials.map((credential) => credential.format).sort()).toEqual(['blockchain', 'email']);
    expect((await t.call('GET', '/users/mfa', { token: victim.jwt })).body.count).toBe(1);
  });

  it("error: nor is a wallet moved out of such an account (its only way in, or one of several): transfer and an immediate reassignment refuse with reassign_wallet_error", async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } }, sdk: { confirmWalletTransfers: false } } });
    const theirs = createTestKeypair();
    const victim = await signIn(theirs);
    await enrolTotp(victim.jwt);
    const attacker = await t.signIn('move-mfa-attacker@example.test');
    expectError(await t.call('POST', '/verify/link', { token: attacker.jwt, body: await verifyBody(theirs) }), 403, 'reassign_wallet_error', walletLinkMessages.protectedAccount);
    expectError(await t.call('POST', '/verify/transfer', { token: attacker.jwt, body: await verifyBody(theirs) }), 403, 'reassign_wallet_error', walletLinkMessages.protectedAccount);
    expect(wallets(await me(victim.jwt)).map((credential) => credential.address)).toEqual([theirs.address]);
    expect(wallets(await me(attacker.jwt))).toEqual([]);
  });

  it("error: an account holding an embedded or MPC wallet is not merged (deleting it would destroy them), nor its only way in moved out (nothing would sign in to it): merge_accounts_invalid and reassign_wallet_error, nothing moves", async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { waas: { enabled: true } } } });
    const embeddedOwner = createTestKeypair();
    const first = await signIn(embeddedOwner);
    expect((await t.call('POST', '/users/embeddedWallets', { token: first.jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd' } })).status).toBe(200);
    const mpcOwner = createTestKeypair();
    const second = await signIn(mpcOwner);
    const socket = await openSocket(t.sandbox.info.mpcSocketUrl);
    try {
      await socket.call('rpc.login', { jwt: second.jwt });
      await createWallet(t, { jwt: second.jwt, socket }, 'TWO_OF_TWO');
    } finally {
      socket.close();
    }
    const other = await t.signIn('merge-wallets@example.test');
    for (const [owner, jwt] of [[embeddedOwner, first.jwt], [mpcOwner, second.jwt]] as const) {
      const before = (await me(jwt)).verifiedCredentials.length;
      expect(before).toBe(2);
      // The external wallet is the only way in: link offers no transfer, and no transfer is made, whatever the flags.
      for (const confirmWalletTransfers of [true, false]) {
        await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { confirmWalletTransfers } } });
        expectError(await t.call('POST', '/verify/link', { token: other.jwt, body: await verifyBody(owner) }), 403, 'reassign_wallet_error', walletLinkMessages.lastWayToWallets);
      }
      expectError(await t.call('POST', '/verify/transfer', { token: other.jwt, body: await verifyBody(owner) }), 403, 'reassign_wallet_error', walletLinkMessages.lastWayToWallets);
      expectError(await t.call('POST', '/verify/merge', { token: other.jwt, body: await verifyBody(owner) }), 403, 'merge_accounts_invalid', walletLinkMessages.holdsWallets);
      expect((await me(jwt)).verifiedCredentials).toHaveLength(before);
      expect((await t.call('POST', '/verify', { body: await verifyBody(owner) })).status).toBe(200);
    }
    expect((await me(other.jwt)).verifiedCredentials.map((credential) => credential.format)).toEqual(['email']);
  });

  it("error: without multiWallet no route gives a second wallet: an immediate reassignment, a transfer, a merge — 403 forbidden, nothing moves", async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { multiWallet: false, confirmWalletTransfers: false } } });
    const mine = createTestKeypair();
    const { jwt } = await signIn(mine);
    const alone = createTestKeypair();
    const aloneSession = await signIn(alone);
    // Another account with more than its wallet, to be merged.
    const merged = createTestKeypair();
    const mergedSession = await signIn(merged);
    const created = await t.call('POST', '/emailVerifications/create', { body: { email: 'multi-wallet-merge@example.test' } });
    const [message] = await t.inbox('multi-wallet-merge@example.test');
    const linkedEmail = await t.call('POST', '/emailVerifications/verify', { token: mergedSession.jwt, body: { verificationUUID: created.body.verificationUUID, verificationToken: message?.code } });
    expect(linkedEmail.status, JSON.stringify(linkedEmail.body)).toBe(200);
    expectError(await t.call('POST', '/verify/link', { token: jwt, body: await verifyBody(alone) }), 403, 'forbidden', walletLinkMessages.multiWalletDisabled);
    expectError(await t.call('POST', '/verify/transfer', { token: jwt, body: await verifyBody(alone) }), 403, 'forbidden', walletLinkMessages.multiWalletDisabled);
    expectError(await t.call('POST', '/verify/merge', { token: jwt, body: await verifyBody(merged) }), 403, 'forbidden', walletLinkMessages.multiWalletDisabled);
    expect(wallets(await me(jwt)).map((credential) => credential.address)).toEqual([mine.address]);
    expect(wallets(await me(aloneSession.jwt)).map((credential) => credential.address)).toEqual([alone.address]);
    expect(wallets(await me(mergedSession.jwt)).map((credential) => credential.address)).toEqual([merged.address]);
    // A user with no wallet yet still takes one by transfer.
    const walletless = await t.signIn('multi-wallet-none@example.test');
    const moved = await t.call('POST', '/verify/transfer', { token: walletless.jwt, body: await verifyBody(alone) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(wallets(moved.body.user as User).map((credential) => credential.address)).toEqual([alone.address]);
  });

  it('error: without multiWallet a second wallet is refused and nothing changes', async () => {
    await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { multiWallet: false } } });
    const { jwt } = await signIn(createTestKeypair());
    expectError(await t.call('POST', '/verify/link', { token: jwt, body: await verifyBody(createTestKeypair()) }), 403, 'forbidden');
    expect(wallets(await me(jwt))).toHaveLength(1);
  });

  it('error: multiWalletUnlinkDisabled refuses unlinking a wallet', async () => {
    const { jwt } = await signIn(createTestKeypair());
    const linked = await t.call('POST', '/verify/link', { token: jwt, body: await verifyBody(createTestKeypair()) });
    await t.call('PUT', '/sandbox/admin/settings', { body: { sdk: { multiWalletUnlinkDisabled: true } } });
    const id = wallets(linked.body.user as User)[1]!.id;
    expectError(await t.call('POST', '/verify/unlink', { token: jwt, body: { verifiedCrentialId: id } }), 403, 'forbidden_unlink_request', unlinkMessages.walletUnlinkDisabled);
    expect(wallets(await me(jwt))).toHaveLength(2);
  });

  it('error: link routes need a session', async () => {
    expectError(await t.call('POST', '/verify/link', { body: await verifyBody(createTestKeypair()) }), 401, 'unauthorized');
  });
});

describe('wallet catalogue', () => {
  it('default: served as a cross-origin static asset', async () => {
    const response = await fetch(`${t.sandbox.url}/static/wallet-catalogue.json`, { headers: { origin: 'https://host.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const body = (await response.json()) as { wallets: Record<string, unknown> };
    expect(Object.keys(body.wallets)).toEqual(expect.arrayContaining(['phantom', 'solflare', 'glow']));
  });

  it('default: each brand sprite id the catalogue names has its mark in the icon set beside it', async () => {
    const body = (await (await fetch(`${t.sandbox.url}/static/wallet-catalogue.json`)).json()) as { wallets: Record<string, { brand?: { spriteId?: string } }> };
    const spriteIds = [...new Set(Object.values(body.wallets).flatMap((wallet) => (wallet.brand?.spriteId ? [wallet.brand.spriteId] : [])))];
    expect(spriteIds).toEqual(expect.arrayContaining(['phantom', 'solflare', 'glow', 'backpack']));
    for (const spriteId of spriteIds) {
      const response = await fetch(`${t.sandbox.url}/static/wallet-icons/${spriteId}.svg`);
      expect(response.status, spriteId).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await response.text()).toMatch(/^<svg [^>]*viewBox="0 0 24 24"/);
    }
  });

  it('error: a sprite id the catalogue does not name, or a path that is not one, is 404', async () => {
    for (const path of ['metamask.svg', 'phantom.png', '..%2Fpackage.json', 'PHANTOM.svg']) {
      const response = await fetch(`${t.sandbox.url}/static/wallet-icons/${path}`);
      expect(response.status, path).toBe(404);
    }
  });
});

describe('POST /verify with the captcha on (security.hCaptcha)', () => {
  it('error: no token is captcha_required, before the signature is looked at; nobody is signed in', async () => {
    await setCaptcha(t, true);
    const wallet = createTestKeypair();
    expectCaptchaRefused(await t.call('POST', '/verify', { body: await verifyBody(wallet) }), 'captcha_required');
    await setCaptcha(t, false);
    // The nonce and the wallet are untouched: the same wallet signs up afresh.
    const { user } = await signIn(wallet);
    expect(user.newUser).toBe(true);
  });

  it('behavior: a fresh token signs in; the same token replayed is invalid_captcha', async () => {
    await setCaptcha(t, true);
    const wallet = createTestKeypair();
    const captchaToken = await solveCaptcha(t);
    const first = await t.call('POST', '/verify', { body: { ...(await verifyBody(wallet)), captchaToken } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expectCaptchaRefused(await t.call('POST', '/verify', { body: { ...(await verifyBody(wallet)), captchaToken } }), 'invalid_captcha');
  });
});

describe('wallet transfer flags (sdk.confirmWalletTransfers, sdk.preventOrphanedAccounts)', () => {
  const setSdk = (sdk: Record<string, unknown>) => t.call('PUT', '/sandbox/admin/settings', { body: { sdk } });

  it('behavior: confirmWalletTransfers false — linking another account\'s only wallet moves it at once (no reassign_wallet_confirm)', async () => {
    await setSdk({ confirmWalletTransfers: false });
    const mine = createTestKeypair();
    const theirs = createTestKeypair();
    const { jwt } = await signIn(mine);
    const other = await signIn(theirs);
    const linked = await t.call('POST', '/verify/link', { token: jwt, body: await verifyBody(theirs) });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(wallets(linked.body.user as User).map((credential) => credential.address)).toEqual([mine.address, theirs.address]);
    expect((await t.call('GET', '/users', { token: other.jwt })).status).toBe(401);
  });

  it('default: confirmWalletTransfers true — the same link asks first (reassign_wallet_confirm), nothing moves', async () => {
    await setSdk({ confirmWalletTransfers: true });
    const mine = createTestKeypair();
    const theirs = createTestKeypair();
    const { jwt } = await signIn(mine);
    await signIn(theirs);
    expectError(await t.call('POST', '/verify/link', { token: jwt, body: await verifyBody(theirs) }), 409, 'reassign_wallet_confirm');
    expect(wallets(await me(jwt))).toHaveLength(1);
  });

  it('error: preventOrphanedAccounts — a wallet that is its account\'s only way in is not transferred (link nor transfer); the account stays', async () => {
    await setSdk({ preventOrphanedAccounts: true, confirmWalletTransfers: false });
    const mine = createTestKeypair();
    const theirs = createTestKeypair();
    const { jwt } = await signIn(mine);
    const other = await signIn(theirs);
    expectError(await t.call('POST', '/verify/link', { token: jwt, body: await verifyBody(theirs) }), 403, 'reassign_wallet_error', walletLinkMessages.orphanedAccount);
    expectError(await t.call('POST', '/verify/transfer', { token: jwt, body: await verifyBody(theirs) }), 403, 'reassign_wallet_error', walletLinkMessages.orphanedAccount);
    expect((await t.call('GET', '/users', { token: other.jwt })).status).toBe(200);
    expect(wallets(await me(jwt))).toHaveLength(1);
  });
});
