import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, json, routeTable } from '../../test/fakeFetch.js';
import { createFakeWebAuthn, fakeAuthenticationOptions } from '../../test/fakeWebAuthn.js';
import { createLatchkeyClient, type LatchkeyClient } from '../client/createLatchkeyClient.js';
import { passkeySignInMachine, passkeySignInStatus } from '../machines/passkeySignIn/passkeySignInMachine.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { exchangeTelegram } from '../machines/socialSignIn/telegramAttempt.js';
import { exchange } from '../machines/socialSignIn/socialSignInTypes.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';

/**
 * With the project's captcha on, every way in runs it first and sends its token: passkey, social, Telegram (wallet
 * sign-in: walletSignInMachine.sandbox.test.ts). Linking to a signed-in user needs no captcha and runs none.
 */
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const signedIn = () => json(200, fakeSignIn(Date.now() + 3_600_000));

async function setup() {
  const fake = createFakeFetch(
    routeTable({
      'GET /users/passkeys/signin': () => json(200, fakeAuthenticationOptions()),
      'POST /users/passkeys/signin': signedIn,
      'POST /providers/google/signIn': signedIn,
      'POST /providers/google/verify': signedIn,
      'POST /telegram/signin': signedIn,
    }),
  );
  let solved = 0;
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: createMemoryStorage(),
    console: false,
    sendLogs: false,
    webauthn: async () => createFakeWebAuthn(),
    captcha: { token: async () => `P1_token-${++solved}` },
  });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  const bodyOf = (path: string) => fake.requests.find((request) => request.method === 'POST' && request.url.pathname.endsWith(path))?.body as Record<string, unknown> | undefined;
  return { client, bodyOf, solved: () => solved };
}

const telegramAuth = { id: 42, firstName: 'Ada', authDate: 1_700_000_000, hash: 'a'.repeat(64) };
const STATE = 's'.repeat(43);

describe('captcha before every sign-in (security.hCaptcha)', () => {
  it('behavior: passkey — the assertion goes with a fresh captcha token', async () => {
    const t = await setup();
    const actor = createActor(passkeySignInMachine, { input: { client: t.client } }).start();
    actor.send({ type: 'user.signIn' });
    await waitFor(actor, (snapshot) => passkeySignInStatus(snapshot) === 'done' || !snapshot.hasTag('busy'));
    expect(actor.getSnapshot().context.error).toBeUndefined();
    expect(t.bodyOf('/users/passkeys/signin')?.['captchaToken']).toBe('P1_token-1');
  });

  it('behavior: social — the code exchange carries the token; linking runs no captcha', async () => {
    const t = await setup();
    await exchange(t.client, 'signIn', { provider: 'google', code: 'the-code', state: STATE, codeVerifier: 'v'.repeat(43) });
    expect(t.bodyOf('/providers/google/signIn')?.['captchaToken']).toBe('P1_token-1');
    t.client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) });
    await waitFor(t.client.session, (snapshot) => snapshot.context.jwt !== undefined);
    await exchange(t.client, 'link', { provider: 'google', code: 'the-code', state: STATE, codeVerifier: 'v'.repeat(43) });
    expect(t.bodyOf('/providers/google/verify')?.['captchaToken']).toBeUndefined();
    expect(t.solved()).toBe(1);
  });

  it('behavior: Telegram — the signed login data goes with the token', async () => {
    const t = await setup();
    await exchangeTelegram(t.client, 'signIn', telegramAuth, STATE);
    expect(t.bodyOf('/telegram/signin')).toMatchObject({ state: STATE, captchaToken: 'P1_token-1' });
  });
});
