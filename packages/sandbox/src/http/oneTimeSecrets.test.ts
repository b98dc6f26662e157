import { createHash, randomBytes } from 'node:crypto';
import { totpRegistrationSchema } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../services/mfa/totp.js';
import { createTestKeypair, siwsMessage } from '../test/testWallet.js';
import { startTestSandbox, type TestSandbox } from '../test/testSandbox.js';

/**
 * One-time secrets under concurrency (issue 11): the same e-mail code, OAuth code, Sign-In-With-Solana nonce,
 * recovery code and TOTP step submitted 20 times at once — exactly one succeeds, every other answer is a coded 4xx.
 */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
  await t.call('PUT', '/sandbox/admin/settings', { body: { security: { mfa: { enabled: true }, rateLimits: { emailVerification: { perRecipient: { limit: 100, windowSeconds: 600 } } } } } });
});
afterAll(() => t.close());

const TIMES = 20;

/** Fires `times` identical requests at once; the statuses. */
async function race(times: number, send: (index: number) => Promise<{ status: number; body: any }>) {
  const answers = await Promise.all(Array.from({ length: times }, (_, index) => send(index)));
  for (const answer of answers) {
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    if (answer.status !== 200) expect(answer.body.error.code).toEqual(expect.any(String));
  }
  return answers.map((answer) => answer.status);
}
const successes = (statuses: number[]) => statuses.filter((status) => status === 200).length;

/** A user with a verified TOTP device and a set of recovery codes, and a way to start a pending MFA challenge. */
async function mfaUser(email: string) {
  const { jwt } = await t.signIn(email);
  const { id, secret } = totpRegistrationSchema.parse((await t.call('GET', '/users/mfa/register/totp', { token: jwt })).body);
  expect((await t.call('POST', '/users/mfa/register/totp', { token: jwt, body: { id, code: totpCode(secret, t.clock.now()) } })).status).toBe(200);
  const codes = (await t.call('GET', '/users/mfa/recovery', { token: jwt })).body.recoveryCodes as string[];
  t.clock.advance(30_000);
  const mfaToken = async () => (await t.primarySignIn(email)).mfaToken as string;
  return { secret, codes, mfaToken };
}

describe('one-time secrets, 20 at once', () => {
  it('behavior: the same e-mail code → exactly one sign-in', async () => {
    const email = `race-${randomBytes(4).toString('hex')}@example.com`;
    const created = await t.call('POST', '/emailVerifications/create', { body: { email } });
    const [message] = await t.inbox(email);
    const body = { verificationUUID: created.body.verificationUUID, verificationToken: message!.code };
    expect(successes(await race(TIMES, () => t.call('POST', '/emailVerifications/signin', { body })))).toBe(1);
  });

  it('behavior: the same OAuth code (with its state and verifier) → exactly one sign-in', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const init = await t.call('POST', '/providers/google/initAuth', {
      body: { codeChallenge: createHash('sha256').update(verifier).digest('base64url'), codeChallengeMethod: 'S256' },
      headers: { origin: 'http://localhost:5173' },
    });
    const url = new URL(init.body.authorizationUrl);
    const authorize = new URL('/authorize', url.origin);
    for (const [key, value] of url.searchParams) authorize.searchParams.set(key, value);
    authorize.searchParams.set('login_hint', `race-${randomBytes(4).toString('hex')}@example.test`);
    const code = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code')!;
    const body = { code, codeVerifier: verifier, state: init.body.state };
    expect(successes(await race(TIMES, () => t.call('POST', '/providers/google/signIn', { body })))).toBe(1);
  });

  it('behavior: the same Sign-In-With-Solana nonce (one signed message) → exactly one sign-in', async () => {
    const wallet = createTestKeypair();
    const nonce = (await t.call('GET', '/nonce')).body.nonce as string;
    const messageToSign = siwsMessage({ address: wallet.address, nonce, issuedAt: t.clock.now() });
    const body = { messageToSign, signedMessage: wallet.signMessage(messageToSign), publicWalletAddress: wallet.address, chain: 'SOL', walletName: 'phantom', walletProvider: 'browserExtension' };
    expect(successes(await race(TIMES, () => t.call('POST', '/verify', { body })))).toBe(1);
  });

  it('behavior: the same recovery code with 20 pending challenges → exactly one passes', async () => {
    const user = await mfaUser(`race-recovery-${randomBytes(4).toString('hex')}@example.com`);
    const tokens: string[] = [];
    for (let index = 0; index < TIMES; index += 1) tokens.push(await user.mfaToken());
    const code = user.codes[0]!;
    expect(successes(await race(TIMES, (index) => t.call('POST', '/users/mfa/auth/recovery', { token: tokens[index]!, body: { code } })))).toBe(1);
  });

  it('behavior: the same TOTP code (one step) with 20 pending challenges → exactly one passes', async () => {
    const user = await mfaUser(`race-totp-${randomBytes(4).toString('hex')}@example.com`);
    const tokens: string[] = [];
    for (let index = 0; index < TIMES; index += 1) tokens.push(await user.mfaToken());
    const code = totpCode(user.secret, t.clock.now());
    expect(successes(await race(TIMES, (index) => t.call('POST', '/users/mfa/auth/totp', { token: tokens[index]!, body: { code } })))).toBe(1);
  });
});
