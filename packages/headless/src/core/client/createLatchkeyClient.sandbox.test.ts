import { randomUUID } from 'node:crypto';
import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { createTestClient, getLatestCode } from '../../testing/sandbox.js';
import { createEmailVerification } from '../actions/createEmailVerification.js';
import { getUser } from '../actions/getUser.js';
import { refreshSession } from '../actions/refreshSession.js';
import { signInWithEmailVerification } from '../actions/signInWithEmailVerification.js';
import { updateUser } from '../actions/updateUser.js';
import { emailSignInMachine } from '../machines/emailSignIn/emailSignInMachine.js';
import { getSessionStatus } from '../machines/session/sessionMachine.js';
import { createMemoryStorage } from '../storage/createMemoryStorage.js';
import type { StorageAdapter } from '../storage/StorageAdapter.js';
import type { LatchkeyClient } from './createLatchkeyClient.js';

const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

async function client(storage: StorageAdapter = createMemoryStorage()) {
  const made = await createTestClient({ sandboxUrl, storage });
  clients.push(made);
  await waitFor(made.session, (snapshot) => getSessionStatus(snapshot) !== 'restoring');
  return made;
}

const freshEmail = () => `ada-${randomUUID()}@example.com`;

function startFlow(target: LatchkeyClient) {
  const actor = createActor(emailSignInMachine, { input: { client: target } }).start();
  const until = (state: string) => waitFor(actor, (snapshot) => snapshot.value === state && !snapshot.hasTag('busy'));
  return { actor, until };
}

describe('against the sandbox', () => {
  it('default: e-mail code → signedIn → GET /users; a reload restores; refresh; sign out revokes the token', async () => {
    const storage = createMemoryStorage();
    const first = await client(storage);
    const email = freshEmail();
    const flow = startFlow(first);
    flow.actor.send({ type: 'user.submitDestination', destination: email });
    await flow.until('awaitingCode');
    flow.actor.send({ type: 'user.submitCode', code: await getLatestCode({ sandboxUrl, to: email }) });
    await flow.until('done');
    await waitFor(first.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
    const { jwt, user } = first.session.getSnapshot().context;
    expect(user?.email).toBe(email);
    expect((await getUser(first)).id).toBe(user?.id);

    // A second client on the same storage (a page reload) restores the session with GET /users.
    const reloaded = await client(storage);
    expect(getSessionStatus(reloaded.session.getSnapshot())).toBe('signedIn');
    expect(reloaded.session.getSnapshot().context.user?.id).toBe(user?.id);

    const refreshed = await refreshSession(reloaded);
    expect(refreshed.jwt).toBeTypeOf('string');
    expect((await getUser(reloaded, { jwt: refreshed.jwt as string })).id).toBe(user?.id);

    first.session.send({ type: 'user.signOut' });
    await waitFor(first.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
    expect(storage.getItem(first.storage.keyFor('auth'))).toBeNull();
    await expect(getUser(first, { jwt: jwt as string })).rejects.toMatchObject({ status: 401 });
  });

  it('behavior: signing out everywhere ends the sessions of other devices too', async () => {
    const email = freshEmail();
    const signIn = async () => {
      const target = await client();
      const flow = startFlow(target);
      flow.actor.send({ type: 'user.submitDestination', destination: email });
      await flow.until('awaitingCode');
      flow.actor.send({ type: 'user.submitCode', code: await getLatestCode({ sandboxUrl, to: email }) });
      await flow.until('done');
      await waitFor(target.session, (snapshot) => getSessionStatus(snapshot) === 'signedIn');
      return target;
    };
    const laptop = await signIn();
    const phone = await signIn();
    const phoneJwt = phone.session.getSnapshot().context.jwt as string;
    laptop.session.send({ type: 'user.signOut', everywhere: true });
    await waitFor(laptop.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
    await expect(getUser(phone, { jwt: phoneJwt })).rejects.toMatchObject({ status: 401 });
    await expect(refreshSession(phone, { jwt: phoneJwt })).rejects.toMatchObject({ status: 401 });
  });

  it("error: a wrong code → awaitingCode with 'The code is invalid or expired.'; the right one still works", async () => {
    const target = await client();
    const email = freshEmail();
    const flow = startFlow(target);
    flow.actor.send({ type: 'user.submitDestination', destination: email });
    await flow.until('awaitingCode');
    const code = await getLatestCode({ sandboxUrl, to: email });
    const wrong = code === '000000' ? '000001' : '000000';
    flow.actor.send({ type: 'user.submitCode', code: wrong });
    await waitFor(flow.actor, (snapshot) => snapshot.value === 'awaitingCode' && snapshot.context.error !== undefined);
    expect(flow.actor.getSnapshot().context.error).toMatchObject({
      code: 'wrong_email_verification_token',
      message: 'The code is invalid or expired.',
    });
    expect(getSessionStatus(target.session.getSnapshot())).toBe('signedOut');
    flow.actor.send({ type: 'user.submitCode', code });
    await flow.until('done');
  });

  it("error: the attempt limit ends in failed with 'Too many email verification attempts.'", async () => {
    const target = await client();
    const email = freshEmail();
    const flow = startFlow(target);
    flow.actor.send({ type: 'user.submitDestination', destination: email });
    await flow.until('awaitingCode');
    const code = await getLatestCode({ sandboxUrl, to: email });
    const wrong = code === '000000' ? '000001' : '000000';
    // Bounded: the sandbox burns a verification after a few wrong codes.
    for (let attempt = 0; attempt < 10 && flow.actor.getSnapshot().value !== 'failed'; attempt++) {
      flow.actor.send({ type: 'user.submitCode', code: wrong });
      await waitFor(flow.actor, (snapshot) => !snapshot.hasTag('busy'));
    }
    expect(flow.actor.getSnapshot().value).toBe('failed');
    expect(flow.actor.getSnapshot().context.error).toMatchObject({
      code: 'too_many_email_verification_attempts',
      message: 'Too many email verification attempts.',
    });
  });

  it('behavior: actions work on their own; updateUser updates the session user', async () => {
    const target = await client();
    const email = freshEmail();
    const { verificationUUID } = await createEmailVerification(target, { email });
    const response = await signInWithEmailVerification(target, {
      verificationUUID,
      verificationToken: await getLatestCode({ sandboxUrl, to: email }),
    });
    target.session.send({ type: 'server.signedIn', response });
    const user = await updateUser(target, { firstName: 'Ada', lastName: 'Lovelace' });
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(target.session.getSnapshot().context.user).toMatchObject({ firstName: 'Ada' });
    expect((await getUser(target)).lastName).toBe('Lovelace');
  });

  it('behavior: settings load and validate; logs are accepted', async () => {
    const target = await client();
    const settings = await target.settings.load();
    expect(settings.environmentName).toBeTypeOf('string');
    await expect(target.api.request('postLogs', { body: { logs: [{ level: 'INFO', message: 'from a test' }] } })).resolves.toEqual({
      ok: true,
    });
  });
});
