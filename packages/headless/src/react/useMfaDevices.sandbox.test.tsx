import { randomUUID } from 'node:crypto';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEmailVerification } from '../core/actions/createEmailVerification.js';
import { signInWithEmailVerification } from '../core/actions/signInWithEmailVerification.js';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { totp } from '../test/totp.js';
import { createTestClient, getLatestCode } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useEmailSignIn } from './useEmailSignIn.js';
import { useMfaDevices } from './useMfaDevices.js';
import { useSession } from './useSession.js';

const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
const putSettings = (patch: unknown) =>
  fetch(`${sandboxUrl}/sandbox/admin/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(patch) }).then((response) => {
    if (!response.ok) throw new Error(`settings: ${response.status}`);
  });

beforeAll(() => putSettings({ security: { mfa: { enabled: true } } }));
afterAll(() => putSettings({ security: { mfa: { enabled: false } } }));
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

/** A user signed in by e-mail whose authenticator app was then added by another session: this session never passed a second factor. */
async function signedInWithAuthenticator() {
  const client = await createTestClient({ sandboxUrl });
  clients.push(client);
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  const { result } = renderHook(() => ({ session: useSession(), email: useEmailSignIn(), devices: useMfaDevices() }), { wrapper });
  const email = `step-up-${randomUUID()}@example.com`;
  await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
  act(() => result.current.email.sendCode(email));
  await waitFor(() => expect(result.current.email.status).toBe('awaitingCode'));
  const code = await getLatestCode({ sandboxUrl, to: email });
  act(() => result.current.email.submitCode(code));
  await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
  // Enrolled by another session of the user (as on another device): the session that verifies a device has passed a
  // second factor, this one has not.
  const { verificationUUID } = await createEmailVerification(client, { email });
  const other = await signInWithEmailVerification(client, { verificationUUID, verificationToken: await getLatestCode({ sandboxUrl, to: email }) });
  const registration = await client.api.request('getTotpRegistration', { jwt: other.jwt as string });
  await client.api.request('registerTotp', { jwt: other.jwt as string, body: { id: registration.id, code: totp(registration.secret, Date.now()) } });
  return { client, result, secret: registration.secret };
}

const jwtOf = (client: LatchkeyClient) => client.session.getSnapshot().context.jwt;

describe('useMfaDevices (against the sandbox): step-up', () => {
  it('behavior: new recovery codes are refused without a recent second factor → the user is asked for one; cancel leaves all as it was', async () => {
    const { client, result } = await signedInWithAuthenticator();
    act(() => result.current.devices.loadDevices());
    await waitFor(() => expect(result.current.devices.devices).toHaveLength(1));
    const jwtBefore = jwtOf(client);

    act(() => result.current.devices.regenerateRecoveryCodes());
    await waitFor(() => expect(result.current.devices.stepUp?.status).toBe('awaitingStepUp'));
    expect(result.current.devices.status).toBe('confirming');
    expect(result.current.devices.stepUp?.stepUpFor).toBe('regenerateRecoveryCodes');
    expect(result.current.devices.stepUp?.stepUpMethods).toEqual({ methods: ['totp'], hasRecoveryCodes: false });
    expect(result.current.devices.stepUp?.error).toBeUndefined();
    expect(result.current.devices.error).toBeUndefined();
    expect(result.current.devices.recoveryCodes).toBeUndefined();

    act(() => result.current.devices.stepUp?.cancelStepUp());
    expect(result.current.devices).toMatchObject({ status: 'idle', stepUp: undefined, error: undefined, recoveryCodes: undefined, isBusy: false });
    expect(result.current.devices.devices).toHaveLength(1);
    expect(jwtOf(client)).toBe(jwtBefore);
  });

  it('default: a wrong code is refused as a sentence; the right one hands its session over (no new sign-in announced), the codes come, and a delete then needs no second prompt', async () => {
    const { client, result, secret } = await signedInWithAuthenticator();
    act(() => result.current.devices.loadDevices());
    await waitFor(() => expect(result.current.devices.devices).toHaveLength(1));
    const announced: unknown[] = [];
    client.events.on('auth.signedIn', (event) => announced.push(event));

    act(() => result.current.devices.regenerateRecoveryCodes());
    await waitFor(() => expect(result.current.devices.stepUp?.status).toBe('awaitingStepUp'));
    const right = totp(secret, Date.now() + 30_000);
    act(() => result.current.devices.stepUp?.stepUpWithCode(right === '000000' ? '111111' : '000000'));
    await waitFor(() => expect(result.current.devices.stepUp?.error?.code).toBe('mfa_invalid_code'));
    expect(result.current.devices.stepUp?.error?.message).toBe('Invalid code');
    expect(result.current.devices.stepUp?.status).toBe('awaitingStepUp');

    act(() => result.current.devices.stepUp?.stepUpWithCode(right));
    await waitFor(() => expect(result.current.devices.recoveryCodes?.recoveryCodes).toHaveLength(10));
    expect(result.current.devices).toMatchObject({ status: 'idle', stepUp: undefined, error: undefined });
    expect(result.current.session.status).toBe('signedIn');
    // The step-up's sign-in response (a token for the same session: byte-identical when issued within the second of
    // the one before, as iat and exp are whole seconds) went to the session before the retry; the same user's token
    // is no new sign-in, so no auth.signedIn (onAuthSuccess) for it. The delete below needing no prompt shows the
    // step-up counted.
    expect(jwtOf(client)).toBeDefined();
    expect(announced).toEqual([]);

    act(() => result.current.devices.acknowledgeRecoveryCodes());
    await waitFor(() => expect(result.current.devices.recoveryCodes).toBeUndefined());
    const deviceId = result.current.devices.devices?.[0]?.id as string;
    act(() => result.current.devices.deleteDevice(deviceId));
    await waitFor(() => expect(result.current.devices.devices).toEqual([]));
    expect(result.current.devices.error).toBeUndefined();
  });
});
