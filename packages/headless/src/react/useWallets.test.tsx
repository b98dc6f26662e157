import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createLatchkeyClient, type LatchkeyClient } from '../core/client/createLatchkeyClient.js';
import { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
import { API_BASE_URL, createFakeFetch, ENVIRONMENT_ID, errorBody, fakeSignIn, json, routeTable } from '../test/fakeFetch.js';
import { LatchkeyProvider } from './LatchkeyProvider.js';
import { useWallets } from './useWallets.js';

const clients: LatchkeyClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()));
});

const ADDRESS = (n: number) => `${String(n).repeat(4)}VjbNWCkGDQfEmxgNgUCwRFyvRgCB8GtM1Za8kJ9s`.slice(0, 44);
const credentials = [
  { id: 'cred-email', format: 'email', email: 'ada@example.com' },
  { id: 'cred-phantom', format: 'blockchain', chain: 'SOL', address: ADDRESS(1), wallet_name: 'phantom', wallet_provider: 'browserExtension', lastSelectedAt: '2026-01-03T00:00:00.000Z' },
  {
    id: 'cred-embedded',
    format: 'blockchain',
    chain: 'SOL',
    address: ADDRESS(2),
    wallet_name: 'turnkeyhd',
    wallet_provider: 'embeddedWallet',
    wallet_properties: { turnkeySubOrganizationId: 'org-1', turnkeyHDWalletId: 'hd-1' },
    lastSelectedAt: '2026-01-02T00:00:00.000Z',
  },
  {
    id: 'cred-mpc',
    format: 'blockchain',
    chain: 'SOL',
    address: ADDRESS(3),
    wallet_name: 'latchkeympc',
    wallet_provider: 'embeddedWallet',
    wallet_properties: { walletType: 'mpc', thresholdSignatureScheme: 'TWO_OF_TWO', keyShares: [] },
    lastSelectedAt: '2026-01-01T00:00:00.000Z',
  },
];

function setup(unlinkDisabled = false) {
  const fake = createFakeFetch(
    routeTable({
      'GET /settings': () =>
        json(200, { environmentName: 'sandbox', design: {}, general: {}, kyc: [], customFields: [], privacy: { collectIp: false }, providers: [], security: {}, sdk: { multiWallet: true, multiWalletUnlinkDisabled: unlinkDisabled } }),
      'POST /verify/unlink': () => errorBody(400, 'linked_embedded_wallet', 'An embedded wallet cannot be unlinked; delete it instead.', 'verifiedCrentialId'),
    }),
  );
  const client = createLatchkeyClient({ environmentId: ENVIRONMENT_ID, apiBaseUrl: API_BASE_URL, fetch: fake.fetch, storage: createMemoryStorage(), console: false, sendLogs: false });
  clients.push(client);
  const wrapper = ({ children }: { children: ReactNode }) => <LatchkeyProvider client={client}>{children}</LatchkeyProvider>;
  const { result } = renderHook(() => useWallets(), { wrapper });
  return { client, result, requests: fake.requests };
}

describe('useWallets: unlinking', () => {
  it('default: an external wallet may be unlinked; the embedded and the MPC wallet never (canUnlink false per wallet)', async () => {
    const { client, result } = setup();
    act(() => client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000, { verifiedCredentials: credentials }) }));
    await waitFor(() => expect(result.current.canUnlink).toBe(true));
    expect(result.current.wallets.map((wallet) => [wallet.id, wallet.canUnlink])).toEqual([
      ['cred-phantom', true],
      ['cred-embedded', false],
      ['cred-mpc', false],
    ]);
  });

  it('error: unlink of the embedded or MPC wallet is linked_embedded_wallet before any request; with unlinking off no wallet may be unlinked', async () => {
    const { client, result, requests } = setup();
    act(() => client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000, { verifiedCredentials: credentials }) }));
    await waitFor(() => expect(result.current.canUnlink).toBe(true));
    for (const id of ['cred-embedded', 'cred-mpc']) {
      await act(() => result.current.unlinkAsync(id));
      expect(result.current.error).toMatchObject({ code: 'linked_embedded_wallet', message: 'An embedded wallet cannot be unlinked; delete it instead.' });
    }
    expect(requests.filter((request) => request.url.pathname.endsWith('/verify/unlink'))).toHaveLength(0);
    expect(result.current.wallets).toHaveLength(3);

    const off = setup(true);
    act(() => off.client.session.send({ type: 'server.signedIn', response: fakeSignIn(Date.now() + 3_600_000, { verifiedCredentials: credentials }) }));
    await waitFor(() => expect(off.result.current.wallets).toHaveLength(3));
    await waitFor(() => expect(off.result.current.wallets.every((wallet) => !wallet.canUnlink)).toBe(true));
  });
});
