import { randomUUID } from 'node:crypto';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { waitFor as waitForActor } from 'xstate';
import { createEmailVerification } from '../core/actions/createEmailVerification.js';
import { getUser } from '../core/actions/getUser.js';
import { signInWithEmailVerification } from '../core/actions/signInWithEmailVerification.js';
import { updateUser } from '../core/actions/updateUser.js';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createTestClient, getLatestCode } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useDeleteAccount } from './useDeleteAccount.js';
import { useProfile } from './useProfile.js';
import { useSession } from './useSession.js';

const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

/** Makes the seed's `team` required for this client alone (the settings it reads; the sandbox is shared). */
const teamRequired: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!response.ok || !new URL(url).pathname.endsWith('/settings')) return response;
  const settings = (await response.json()) as { kyc?: Array<{ name: string }> };
  const kyc = (settings.kyc ?? []).map((field) => (field.name === 'team' ? { ...field, required: true } : field));
  return new Response(JSON.stringify({ ...settings, kyc }), { status: 200, headers: { 'content-type': 'application/json' } });
};

async function signedInClient(options: { fetch?: typeof fetch } = {}): Promise<LatchkeyClient> {
  const client = await createTestClient({ sandboxUrl, ...options });
  clients.push(client);
  const email = `profile-${randomUUID()}@example.com`;
  const { verificationUUID } = await createEmailVerification(client, { email });
  const response = await signInWithEmailVerification(client, { verificationUUID, verificationToken: await getLatestCode({ sandboxUrl, to: email }) });
  client.session.send({ type: 'server.signedIn', response });
  // The session machine loads on first use (its own chunk): requests carry the token once it has taken the sign-in.
  await waitForActor(client.session, (snapshot) => snapshot.context.jwt !== undefined, { timeout: 10_000 });
  return client;
}

function render(client: LatchkeyClient) {
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  return renderHook(() => ({ profile: useProfile(), deletion: useDeleteAccount(), session: useSession() }), { wrapper });
}

const unique = () => `u${randomUUID().replace(/-/g, '').slice(0, 12)}`;

describe('useProfile (against the sandbox)', () => {
  it('default: the seed\'s fields by position with the stored values; a save stores them', async () => {
    const client = await signedInClient();
    const { result } = render(client);
    await waitFor(() => expect(result.current.profile.status).toBe('ready'));
    expect(result.current.profile.fields.map((field) => field.name)).toEqual(['username', 'team', 'handle', 'employeeId', 'department', 'acceptsMarketing']);
    const username = unique();
    act(() => {
      result.current.profile.setValue('username', username);
      result.current.profile.setValue('department', 'Sales');
      result.current.profile.setValue('acceptsMarketing', true);
    });
    let saved: boolean | undefined;
    await act(async () => {
      saved = await result.current.profile.saveAsync();
    });
    expect(saved).toBe(true);
    expect(result.current.profile.status).toBe('saved');
    const stored = await getUser(client);
    expect(stored).toMatchObject({ username, metadata: { department: 'Sales', acceptsMarketing: true } });
    expect(result.current.profile.values['username']).toBe(username);
  });

  it('behavior: a unique value is checked while typing — taken by another user is `taken` at once, a free one `available`', async () => {
    const other = await signedInClient();
    const taken = unique();
    await updateUser(other, { username: taken });
    const client = await signedInClient();
    const { result } = render(client);
    await waitFor(() => expect(result.current.profile.status).toBe('ready'));
    act(() => result.current.profile.setValue('username', taken.toUpperCase().toLowerCase()));
    expect(result.current.profile.availability['username']).toBe('checking');
    await waitFor(() => expect(result.current.profile.availability['username']).toBe('taken'));
    expect(result.current.profile.problems['username']).toBe('taken');
    let saved: boolean | undefined;
    await act(async () => {
      saved = await result.current.profile.saveAsync();
    });
    expect(saved).toBe(false);
    act(() => result.current.profile.setValue('username', unique()));
    await waitFor(() => expect(result.current.profile.availability['username']).toBe('available'));
    expect(result.current.profile.problems['username']).toBeUndefined();
  });

  it('error: a value breaking its rule is a problem after save and nothing is sent', async () => {
    const client = await signedInClient();
    const { result } = render(client);
    await waitFor(() => expect(result.current.profile.status).toBe('ready'));
    act(() => result.current.profile.setValue('employeeId', 'E-1'));
    expect(result.current.profile.problems['employeeId']).toBeUndefined();
    await act(async () => {
      await result.current.profile.saveAsync();
    });
    expect(result.current.profile.problems['employeeId']).toBe('pattern');
    expect((await getUser(client)).metadata?.['employeeId']).toBeUndefined();
  });

  it('behavior: useDeleteAccount — a wrong confirmation is refused; DELETE deletes, signs out, and the old token is dead', async () => {
    const client = await signedInClient();
    const jwt = client.session.getSnapshot().context.jwt as string;
    const { result } = render(client);
    await waitFor(() => expect(result.current.profile.status).toBe('ready'));
    act(() => result.current.deletion.deleteAccount('delete'));
    await waitFor(() => expect(result.current.deletion.error?.code).toBe('invalid_request'));
    expect(result.current.deletion.status).toBe('idle');
    expect(result.current.session.status).toBe('signedIn');
    act(() => result.current.deletion.deleteAccount('DELETE'));
    await waitFor(() => expect(result.current.deletion.status).toBe('deleted'));
    expect(result.current.deletion.error).toBeUndefined();
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));
    await expect(getUser(client, { jwt })).rejects.toMatchObject({ status: 401 });
  });

  it('behavior: a required field missing → useSession is `onboarding` (not signedIn) until useProfile saves it', async () => {
    const client = await signedInClient({ fetch: teamRequired });
    const { result } = render(client);
    await waitFor(() => expect(result.current.session.status).toBe('onboarding'));
    expect(result.current.session.user?.id).toBeDefined();
    await waitFor(() => expect(result.current.profile.status).toBe('ready'));
    const team = result.current.profile.fields.find((field) => field.name === 'team');
    act(() => result.current.profile.setValue('team', team?.options[0] ?? ''));
    await act(async () => {
      expect(await result.current.profile.saveAsync()).toBe(true);
    });
    await waitFor(() => expect(result.current.session.status).toBe('signedIn'));
  });
});
