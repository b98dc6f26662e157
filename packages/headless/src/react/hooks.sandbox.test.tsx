import { randomUUID } from 'node:crypto';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createTestClient, getLatestCode } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useEmailSignIn } from './useEmailSignIn.js';
import { useLatchkey } from './useLatchkey.js';
import { useSession } from './useSession.js';
import { useUser } from './useUser.js';

const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

describe('hooks against the sandbox', () => {
  it('default: settings, e-mail sign-in, the user, an update and sign-out', async () => {
    const client = await createTestClient({ sandboxUrl });
    clients.push(client);
    const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
    const { result } = renderHook(
      () => ({ latchkey: useLatchkey(), session: useSession(), user: useUser(), flow: useEmailSignIn() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.latchkey.settingsStatus).toBe('ready'));
    await waitFor(() => expect(result.current.session.status).toBe('signedOut'));

    const email = `hook-${randomUUID()}@example.com`;
    act(() => result.current.flow.sendCode(email));
    await waitFor(() => expect(result.current.flow.status).toBe('awaitingCode'));
    const code = await getLatestCode({ sandboxUrl, to: email });
    act(() => result.current.flow.submitCode(code));
    await waitFor(() => expect(result.current.flow.status).toBe('done'));
    expect(result.current.session.status).toBe('signedIn');
    expect(result.current.user.user?.email).toBe(email);

    await act(async () => {
      await result.current.user.updateUserAsync({ firstName: 'Hook' });
    });
    expect(result.current.session.user?.firstName).toBe('Hook');

    await act(() => result.current.session.signOutAsync());
    expect(result.current.session.status).toBe('signedOut');
    expect(result.current.user.status).toBe('signedOut');
  });
});
