import { totpRegistrationSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from './services/mfa/totp.js';
import { findPostgresBin, startPostgresCluster, type PostgresCluster } from './test/postgresCluster.js';
import { createSoftAuthenticator } from './test/softAuthenticator.js';
import { startTestSandbox, type TestSandbox } from './test/testSandbox.js';
import { createTestKeypair, siwsMessage } from './test/testWallet.js';

/**
 * Beyond one machine (issue 11): two sandbox processes' worth of servers on one PostgreSQL database serve the same
 * users — whatever one starts (a verification, a nonce, a challenge, a rate-limit window, a Telegram state), the
 * other completes, because no such state lives outside the database. Runs where PostgreSQL's binaries are installed
 * (CI installs them).
 */
const postgresBin = findPostgresBin();
let cluster: PostgresCluster;
let a: TestSandbox;
let b: TestSandbox;

beforeAll(async () => {
  if (!postgresBin) return;
  cluster = await startPostgresCluster(postgresBin);
  const databaseUrl = cluster.url;
  a = await startTestSandbox({ databaseUrl, environmentId: 'two-instances' });
  b = await startTestSandbox({ databaseUrl, environmentId: 'two-instances' });
  await a.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true } } } });
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await cluster?.stop();
});

describe.runIf(postgresBin !== undefined)('two sandboxes on one PostgreSQL', () => {
  it('behavior: an e-mail sign-in started on one completes on the other; either verifies the token', async () => {
    const email = 'two-instances@example.com';
    const created = await a.call('POST', '/emailVerifications/create', { body: { email } });
    const [message] = await b.inbox(email);
    const signedIn = await b.call('POST', '/emailVerifications/signin', { body: { verificationUUID: created.body.verificationUUID, verificationToken: message?.code } });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect((await a.call('GET', '/users', { token: signedIn.body.jwt })).body.user.id).toBe(signedIn.body.user.id);
    // Settings changed through one are the other's.
    expect((await b.call('GET', '/settings')).body.security.mfa.enabled).toBe(true);
  });

  it("error: another environment on the same database signs with its own key and refuses this one's tokens", async () => {
    const other = await startTestSandbox({ databaseUrl: cluster.url, environmentId: 'another-environment' });
    try {
      const jwks = async (t: TestSandbox) => ((await t.call('GET', '/.well-known/jwks.json')).body as { keys: { kid: string }[] }).keys.map((key) => key.kid);
      const [mine, theirs] = [await jwks(a), await jwks(other)];
      expect(theirs).toHaveLength(1);
      expect(mine).not.toContain(theirs[0]);
      const { jwt } = await a.signIn('one-environment@example.com');
      expect((await other.call('GET', '/users', { token: jwt })).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('behavior: one rate-limit window for both', async () => {
    await a.call('PUT', '/sandbox/admin/settings', { body: { security: { rateLimits: { emailVerification: { perRecipient: { limit: 2, windowSeconds: 600 } } } } } });
    const email = 'limited-twice@example.com';
    expect((await a.call('POST', '/emailVerifications/create', { body: { email } })).status).toBe(200);
    expect((await b.call('POST', '/emailVerifications/create', { body: { email } })).status).toBe(200);
    const third = await a.call('POST', '/emailVerifications/create', { body: { email } });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toEqual(expect.any(String));
    await a.call('PUT', '/sandbox/admin/settings', { body: { security: { rateLimits: null } } });
  });

  it('behavior: a wallet nonce, an MFA challenge, a passkey challenge and a Telegram state from one are good on the other', async () => {
    const wallet = createTestKeypair();
    const nonce = (await a.call('GET', '/nonce')).body.nonce;
    const messageToSign = siwsMessage({ address: wallet.address, nonce, issuedAt: new Date() });
    const verified = await b.call('POST', '/verify', { body: { messageToSign, signedMessage: wallet.signMessage(messageToSign), publicWalletAddress: wallet.address, chain: 'SOL', walletName: 'phantom', walletProvider: 'browserExtension' } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);

    const email = 'mfa-two-instances@example.com';
    const { jwt } = await a.signIn(email);
    const { id, secret } = totpRegistrationSchema.parse((await a.call('GET', '/users/mfa/register/totp', { token: jwt })).body);
    expect((await b.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id, code: totpCode(secret, new Date()) } })).status).toBe(200);
    const codes = (await b.call('GET', '/users/mfa/recovery', { token: jwt })).body.recoveryCodes;
    const primary = await b.primarySignIn(email);
    const second = await a.call('POST', '/users/mfa/auth/recovery', { token: primary.mfaToken!, body: { code: codes[0] } });
    expect(second.status, JSON.stringify(second.body)).toBe(200);

    const passkeyUser = await b.signIn('passkey-two-instances@example.com');
    const authenticator = createSoftAuthenticator();
    const options = await a.call('GET', '/users/passkeys/register', { token: passkeyUser.jwt });
    expect((await b.call('POST', '/users/passkeys/register', { token: passkeyUser.jwt, body: { credential: authenticator.register(options.body, 'http://localhost:5173') } })).status).toBe(200);
    const signInOptions = await b.call('GET', '/users/passkeys/signin');
    expect((await a.call('POST', '/users/passkeys/signin', { body: { credential: authenticator.authenticate(signInOptions.body, 'http://localhost:5173') } })).status).toBe(200);

    const state = (await a.call('POST', '/telegram/initAuth', { body: {}, headers: { origin: 'http://localhost:5173' } })).body.state;
    const first = await fetch(`${b.sdk}/telegram/auth?state=${state}`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    const simulator = new URL(first.headers.get('location')!);
    const confirm = new URL('/auth/confirm', simulator.origin);
    confirm.searchParams.set('return_to', simulator.searchParams.get('return_to')!);
    confirm.searchParams.set('id', '31337');
    confirm.searchParams.set('first_name', 'Ada');
    const back = new URL((await fetch(confirm, { redirect: 'manual' })).headers.get('location')!);
    const data = JSON.parse(Buffer.from(back.hash.replace('#tgAuthResult=', ''), 'base64url').toString());
    const telegramAuth = { id: data.id, firstName: data.first_name, authDate: data.auth_date, hash: data.hash };
    // Signed by instance B's login simulator, checked by instance A: one bot token for the environment.
    const telegram = await a.call('POST', '/telegram/signin', { body: { telegramAuth, state } });
    expect(telegram.status, JSON.stringify(telegram.body)).toBe(200);
  }, 60_000);
});
