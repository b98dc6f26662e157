import { createActor, waitFor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, fakeSignIn, fakeUser, json, routeTable } from '../../../test/fakeFetch.js';
import { createLatchkeyClient, type LatchkeyClient } from '../../client/createLatchkeyClient.js';
import { getSessionStatus } from '../session/sessionMachine.js';
import { mfaEnrolmentMachine, mfaEnrolmentStatus } from './mfaEnrolmentMachine.js';

// The authenticator app's shared secret (and its otpauth URI) is held while the user enrols, and not after: once the
// device is verified the flow's context — `useMfaEnrolment().registration` — no longer has the second factor's seed
// for a host UI, React devtools or an error report of the state to read.
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const REGISTRATION = { id: 'dev-1', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/Demo:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
const DEVICE = { id: 'dev-1', type: 'totp', verified: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:10.000Z', default: true, alias: null };

async function setup() {
  const fake = createFakeFetch(
    routeTable({
      'GET /users/mfa/register/totp': () => json(200, REGISTRATION),
      'POST /users/mfa/register/totp': () => json(200, DEVICE),
      'GET /users/mfa/recovery': () => json(200, { count: 2, recoveryCodes: ['AAAA-BBBB', 'CCCC-DDDD'] }),
      'POST /users/mfa/recovery/acknowledge': () => json(200, { user: fakeUser({ mfaBackupCodeAcknowledgement: 'complete' }) }),
    }),
  );
  const client = createLatchkeyClient({
    environmentId: ENVIRONMENT_ID,
    apiBaseUrl: API_BASE_URL,
    fetch: fake.fetch,
    storage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    console: false,
    sendLogs: false,
    analytics: false,
  });
  clients.push(client);
  await waitFor(client.session, (snapshot) => getSessionStatus(snapshot) === 'signedOut');
  client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000) });
  const actor = createActor(mfaEnrolmentMachine, { input: { client } }).start();
  const settled = async () => {
    await waitFor(actor, (snapshot) => !snapshot.hasTag('busy'));
    return actor.getSnapshot();
  };
  return { actor, settled };
}

describe('mfaEnrolmentMachine: the TOTP secret is forgotten once the device is verified', () => {
  it('behavior: enrolled — the registration (secret, otpauth URI) is no longer held', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.startEnrolment' });
    expect((await flow.settled()).context.registration?.secret).toBe(REGISTRATION.secret);
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '123456' });
    const enrolled = await flow.settled();
    expect(mfaEnrolmentStatus(enrolled)).toBe('enrolled');
    expect(enrolled.context.registration).toBeUndefined();
  });

  it('behavior: after the recovery codes are acknowledged the secret is not held either', async () => {
    const flow = await setup();
    flow.actor.send({ type: 'user.startEnrolment' });
    await flow.settled();
    flow.actor.send({ type: 'user.submitEnrolmentCode', code: '123456' });
    await flow.settled();
    flow.actor.send({ type: 'user.loadRecoveryCodes' });
    await flow.settled();
    flow.actor.send({ type: 'user.acknowledgeRecoveryCodes' });
    const done = await flow.settled();
    expect(done.context.recoveryCodes).toBeUndefined();
    expect(JSON.stringify(done.context.registration ?? null)).not.toContain(REGISTRATION.secret);
  });
});
