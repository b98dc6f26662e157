import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSoftAuthenticator } from '../../test/softAuthenticator.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

const ORIGIN = 'http://localhost:5173';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = () => `unlink-${++counter}@example.com`;

interface WireCredential {
  id: string;
  format: string;
  wallet_provider?: string;
}

describe('POST /verify/unlink', () => {
  it('error: the embedded wallet\'s credential is linked_embedded_wallet; the wallet stays', async () => {
    const { jwt } = await t.signIn(freshEmail());
    const created = await t.call('POST', '/users/embeddedWallets', { token: jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const wallet = (created.body.user.verifiedCredentials as WireCredential[]).find((credential) => credential.wallet_provider === 'embeddedWallet');
    expect(wallet).toBeDefined();
    const response = await t.call('POST', '/verify/unlink', { token: jwt, body: { verifiedCrentialId: wallet!.id } });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'linked_embedded_wallet',
      message: 'An embedded wallet cannot be unlinked; delete it instead.',
      path: 'verifiedCrentialId',
    });
    const me = await t.call('GET', '/users', { token: jwt });
    expect((me.body.user.verifiedCredentials as WireCredential[]).map((credential) => credential.id)).toContain(wallet!.id);
  });

  it('behavior: unlinking a passkey credential removes the passkey: it no longer signs in', async () => {
    const signedIn = await t.signIn(freshEmail());
    const authenticator = createSoftAuthenticator();
    const options = await t.call('GET', '/users/passkeys/register', { token: signedIn.jwt });
    const registered = await t.call('POST', '/users/passkeys/register', { token: signedIn.jwt, body: { credential: authenticator.register(options.body, ORIGIN) } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const passkeyCredential = (registered.body.user.verifiedCredentials as WireCredential[]).find((credential) => credential.format === 'passkey');
    const unlinked = await t.call('POST', '/verify/unlink', { token: signedIn.jwt, body: { verifiedCrentialId: passkeyCredential!.id } });
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    expect((await t.call('GET', '/users/passkeys', { token: signedIn.jwt })).body).toEqual({ passkeys: [], count: 0 });
    const signInOptions = await t.call('GET', '/users/passkeys/signin');
    const attempt = await t.call('POST', '/users/passkeys/signin', { body: { credential: authenticator.authenticate(signInOptions.body, ORIGIN) } });
    expect(attempt.status).toBe(400);
    expect(attempt.body.error.code).toBe('invalid_verification');
  });
  it('behavior: unlinking the e-mail the profile shows puts another verified address there (the profile names only what the user proved)', async () => {
    const first = freshEmail();
    const signedIn = await t.signIn(first);
    const second = freshEmail();
    const created = await t.call('POST', '/emailVerifications/create', { body: { email: second } });
    const [message] = await t.inbox(second);
    const verified = await t.call('POST', '/emailVerifications/verify', { token: signedIn.jwt, body: { verificationUUID: created.body.verificationUUID, verificationToken: message?.code } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.user.email).toBe(first);
    const firstCredential = (verified.body.user.verifiedCredentials as (WireCredential & { email?: string })[]).find((credential) => credential.email === first);
    const unlinked = await t.call('POST', '/verify/unlink', { token: signedIn.jwt, body: { verifiedCrentialId: firstCredential!.id } });
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(200);
    expect(unlinked.body.user.email).toBe(second);
    expect((await t.call('GET', '/users', { token: unlinked.body.jwt })).body.user.email).toBe(second);
  });
});

describe('the last way in (an embedded wallet signs nobody in)', () => {
  it("error: POST /verify/unlink of the only way in of a user who also holds an embedded wallet is forbidden_unlink_request; the e-mail still signs the user in", async () => {
    const email = freshEmail();
    const signedIn = await t.signIn(email);
    const created = await t.call('POST', '/users/embeddedWallets', { token: signedIn.jwt, body: { chains: ['SOL'], embeddedWalletProvider: 'turnkeyhd' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const emailCredential = (created.body.user.verifiedCredentials as WireCredential[]).find((credential) => credential.format === 'email');
    const unlinked = await t.call('POST', '/verify/unlink', { token: signedIn.jwt, body: { verifiedCrentialId: emailCredential!.id } });
    expect(unlinked.status, JSON.stringify(unlinked.body)).toBe(400);
    expect(unlinked.body.error).toMatchObject({ code: 'forbidden_unlink_request', message: 'You cannot unlink your only sign-in method.' });
    expect((await t.signIn(email)).user.id).toBe(signedIn.user.id);
  });

  it('error: DELETE /users/passkeys of the passkey that is the only way in is forbidden_unlink_request; the passkey and its credential stay', async () => {
    const signedIn = await t.signIn(freshEmail());
    const authenticator = createSoftAuthenticator();
    const options = await t.call('GET', '/users/passkeys/register', { token: signedIn.jwt });
    const registered = await t.call('POST', '/users/passkeys/register', { token: signedIn.jwt, body: { credential: authenticator.register(options.body, ORIGIN) } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const emailCredential = (registered.body.user.verifiedCredentials as WireCredential[]).find((credential) => credential.format === 'email');
    expect((await t.call('POST', '/verify/unlink', { token: signedIn.jwt, body: { verifiedCrentialId: emailCredential!.id } })).status).toBe(200);
    const deleted = await t.call('DELETE', '/users/passkeys', { token: signedIn.jwt, body: { id: registered.body.passkey.id } });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(400);
    expect(deleted.body.error).toMatchObject({ code: 'forbidden_unlink_request', path: 'id' });
    const me = (await t.call('GET', '/users', { token: signedIn.jwt })).body.user;
    expect((me.verifiedCredentials as WireCredential[]).map((credential) => credential.format)).toEqual(['passkey']);
  });
});

