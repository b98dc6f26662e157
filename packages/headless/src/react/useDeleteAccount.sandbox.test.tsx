import { randomUUID } from 'node:crypto';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { waitFor as waitForActor } from 'xstate';
import { createEmailVerification } from '../core/actions/createEmailVerification.js';
import { getTotpRegistration } from '../core/actions/getTotpRegistration.js';
import { getUser } from '../core/actions/getUser.js';
import { registerTotp } from '../core/actions/registerTotp.js';
import { signInWithEmailVerification } from '../core/actions/signInWithEmailVerification.js';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { totp } from '../test/totp.js';
import { createTestClient, getLatestCode } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useDeleteAccount } from './useDeleteAccount.js';
import { useEmailSignIn } from './useEmailSignIn.js';
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

describe('useDeleteAccount (against the sandbox): step-up', () => {
  it('default: with an authenticator app (added by the user’s other session) this one never passed, DELETE /users asks "Confirm it\'s you" — a wrong code stays, the right one deletes and signs out', async () => {
    const client = await createTestClient({ sandboxUrl });
    clients.push(client);
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const { result } = renderHook(() => ({ session: useSession(), email: useEmailSignIn(), deletion: useDeleteAccount() }), { wrapper });
    const email = `delete-step-up-${randomUUID()}@example.com`;
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    act(() => result.current.email.sendCode(email));
    await waitFor(() => expect(result.current.email.status).toBe('awaitingCode'));
    const code = await getLatestCode({ sandboxUrl, to: email });
    act(() => result.current.email.submitCode(code));
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
    // The user's other session adds the authenticator app: this one has passed no second factor.
    const other = await createTestClient({ sandboxUrl });
    clients.push(other);
    const { verificationUUID } = await createEmailVerification(other, { email });
    const response = await signInWithEmailVerification(other, { verificationUUID, verificationToken: await getLatestCode({ sandboxUrl, to: email }) });
    other.session.send({ type: 'server.signedIn', response });
    await waitForActor(other.session, (snapshot) => snapshot.context.jwt !== undefined, { timeout: 10_000 });
    const registration = await getTotpRegistration(other);
    await registerTotp(other, { id: registration.id, code: totp(registration.secret, Date.now()) });
    const jwt = client.session.getSnapshot().context.jwt as string;

    act(() => result.current.deletion.deleteAccount('DELETE'));
    await waitFor(() => expect(result.current.deletion.stepUp?.status).toBe('awaitingStepUp'));
    expect(result.current.deletion).toMatchObject({ status: 'confirming', error: undefined, isBusy: false });
    expect(result.current.deletion.stepUp).toMatchObject({ stepUpFor: 'deleteAccount', stepUpMethods: { methods: ['totp'], hasRecoveryCodes: false } });

    const right = totp(registration.secret, Date.now() + 30_000);
    act(() => result.current.deletion.stepUp?.stepUpWithCode(right === '000000' ? '111111' : '000000'));
    await waitFor(() => expect(result.current.deletion.stepUp?.error?.code).toBe('mfa_invalid_code'));
    expect(result.current.deletion.status).toBe('confirming');
    expect((await getUser(client)).email).toBe(email);

    act(() => result.current.deletion.stepUp?.stepUpWithCode(right));
    await waitFor(() => expect(result.current.deletion.status).toBe('deleted'));
    expect(result.current.deletion).toMatchObject({ stepUp: undefined, error: undefined });
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    await expect(getUser(client, { jwt })).rejects.toMatchObject({ status: 401 });
  });
});
