import { act, renderHook, waitFor } from '@testing-library/react';
import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import { createRequire } from 'node:module';
import path from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { waitFor as settled } from 'xstate';
import { createEmailVerification } from '../core/actions/createEmailVerification.js';
import { signInWithEmailVerification } from '../core/actions/signInWithEmailVerification.js';
import type { LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import type { WebSocketConstructor } from '../core/machines/socket/socketMachine.js';
import { getSessionStatus } from '../core/machines/session/sessionMachine.js';
import { createIndexedDbShareVaultStore } from '../core/mpc/shareVault.js';
import { createTestClient, getLatestCode } from '../testing/sandbox.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useMpcWallet } from './useMpcWallet.js';

const sandboxUrl = inject('sandboxUrl');
const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

/**
 * MPC wallets are off in the seed, and this sandbox is shared with other files that reset its settings: the server
 * is turned on before each command that opens a keygen room (and once more if a reset came between), and this
 * client reads them on.
 */
const enableWaas = () => fetch(`${sandboxUrl}/sandbox/admin/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sdk: { waas: { enabled: true } } }) });
const waasOn: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (!String(input instanceof Request ? input.url : input).endsWith('/settings')) return response;
  const settings = await response.json();
  settings.sdk.waas = { ...settings.sdk.waas, enabled: true };
  return new Response(JSON.stringify(settings), { status: response.status, headers: response.headers });
};
async function withWaas<T>(run: () => Promise<T>, failed: (value: T) => boolean): Promise<T> {
  let value: T;
  let attempts = 0;
  do {
    await enableWaas();
    value = await run();
    attempts += 1;
  } while (failed(value) && attempts < 3);
  return value;
}

let counter = 0;
// Node's `ws` (the `browser` export condition of this project would give its browser stub, and jsdom's own WebSocket
// mixes two Event classes): required outside vite's resolution.
const WebSocket = createRequire(path.join(process.cwd(), 'packages/headless/package.json'))('ws') as WebSocketConstructor;

async function renderMpc(email = `hook-mpc-${Date.now()}-${(counter += 1)}@example.com`) {
  const client = await createTestClient({ sandboxUrl, fetch: waasOn });
  clients.push(client);
  await settled(client.session, (snapshot) => getSessionStatus(snapshot) !== 'restoring');
  const { verificationUUID } = await createEmailVerification(client, { email });
  const response = await signInWithEmailVerification(client, { verificationUUID, verificationToken: await getLatestCode({ sandboxUrl, to: email }) });
  client.session.send({ type: 'server.signedIn', response });
  const vault = createIndexedDbShareVaultStore({ indexedDB: new IDBFactory() });
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  return { email, ...renderHook(() => useMpcWallet({ WebSocket, vault, reconnectInterval: 50 }), { wrapper }) };
}

describe('useMpcWallet (against the sandbox)', () => {
  it('default: none → creating (its rounds) → ready; a FROST signer; signMessageAsync signs with the address', async () => {
    const { result } = await renderMpc();
    await waitFor(() => expect(result.current.status).toBe('none'));
    expect(result.current.signer).toBeUndefined();
    const rounds = new Set<string>();
    let created: Awaited<ReturnType<typeof result.current.createAsync>>;
    // Not inside one act(): React 18 would hold every update of the ceremony until it ended (waitFor acts per check).
    created = await withWaas(
      async () => {
        const pending = result.current.createAsync({ scheme: 'TWO_OF_TWO' });
        await waitFor(() => {
          expect(result.current.status).toBe('creating');
          if (result.current.round) rounds.add(result.current.round);
        });
        return pending;
      },
      (made) => made === undefined && result.current.error?.code === 'invalid_mpc_environment',
    );
    expect(result.current.error).toBeUndefined();
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(rounds.size).toBeGreaterThan(0);
    expect(result.current.account?.address).toBe(created!?.address);
    expect(result.current.signer?.address).toBe(created!?.address);
    expect(result.current.isBusy).toBe(false);
    const message = new TextEncoder().encode('hook');
    let signature: Uint8Array | undefined;
    await act(async () => {
      signature = await result.current.signMessageAsync(message);
    });
    expect(ed25519.verify(signature!, message, bs58.decode(created!!.address))).toBe(true);
  });

  it('error: a backup scheme without a password is a typed error in `error`; the command stays void', async () => {
    const { result } = await renderMpc();
    await waitFor(() => expect(result.current.status).toBe('none'));
    act(() => result.current.create({ scheme: 'TWO_OF_THREE' }));
    await waitFor(() => expect(result.current.error?.code).toBe('mpc_password_required'));
    expect(result.current.status).toBe('none');
    act(() => result.current.reset());
    expect(result.current.error).toBeUndefined();
  });

  it('default: on a new device the wallet is locked; restoreAsync with the wrong password fails typed, with the right one it is ready', async () => {
    const first = await renderMpc();
    await waitFor(() => expect(first.result.current.status).toBe('none'));
    await act(async () => {
      await withWaas(
        () => first.result.current.createAsync({ scheme: 'TWO_OF_TWO', backup: { password: 'hook backup pw', location: 'productApi' } }),
        (made) => made === undefined && first.result.current.error?.code === 'invalid_mpc_environment',
      );
    });
    await waitFor(() => expect(first.result.current.account?.keyShares).toHaveLength(1));
    const second = await renderMpc(first.email);
    await waitFor(() => expect(second.result.current.status).toBe('locked'));
    await act(async () => {
      expect(await second.result.current.restoreAsync({ password: 'not it at all', location: 'productApi' })).toBe(false);
    });
    expect(second.result.current.error?.code).toBe('mpc_backup_password_invalid');
    expect(second.result.current.status).toBe('locked');
    await act(async () => {
      expect(await second.result.current.restoreAsync({ password: 'hook backup pw', location: 'productApi' })).toBe(true);
    });
    await waitFor(() => expect(second.result.current.status).toBe('ready'));
  });
});
