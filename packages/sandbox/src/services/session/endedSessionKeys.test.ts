import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKeyPair } from '../../custody/testHelpers.js';
import { createTestEmbeddedWallet } from '../../test/embeddedWallet.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';

// A session that simply runs out (nobody signs out) takes its custody keys with it: the key the product API put there,
// and every key that key added at custody — each for a lifetime of its own, the one before it lapsing — which would
// otherwise go on signing for the wallet after the session. The sandbox ends them every `endedSessionKeysEveryMs`.
type Key = { privateKey: string; publicKey: string };
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox({ endedSessionKeysEveryMs: 50 });
});
afterAll(() => t.close());

const custody = (key: Key) => new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }));
const ts = () => String(t.clock.now().getTime());
let payloads = 0;
const sign = (key: Key, wallet: { organizationId: string; address: string }) =>
  custody(key).signRawPayload({
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
    timestampMs: ts(),
    organizationId: wallet.organizationId,
    parameters: { signWith: wallet.address, payload: (++payloads).toString(16).padStart(4, '0'), encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NOT_APPLICABLE' },
  });

/** Whether `key` is refused (16) within a few rounds of the sandbox's job; bounded. */
async function refusedSoon(key: Key, wallet: { organizationId: string; address: string }): Promise<boolean> {
  for (let tries = 0; tries < 100; tries += 1) {
    const outcome = await sign(key, wallet).then(
      () => 'signed',
      (error: { code?: number }) => error.code,
    );
    if (outcome === 16) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('custody keys of a session that runs out', () => {
  it('error: after the session has ended, no key added through its session key still signs — though each renewed the next before lapsing; a live session keeps its own', async () => {
    const email = `chain-${Date.now()}@example.com`;
    const { jwt, expiresAt } = await t.signIn(email);
    const sessionKey = newApiKeyPair();
    const wallet = await createTestEmbeddedWallet(t, jwt, { sessionPublicKey: sessionKey.publicKey });
    const sessionEnd = new Date(expiresAt as unknown as string).getTime();

    // Each key, 29 minutes into its 30, adds the next one for another 30 minutes (within its own lifetime) — all while
    // the session lives: once it has ended, the sandbox's job may end the chain at any moment.
    const chain: Key[] = [];
    let current: Key = sessionKey;
    for (let step = 0; step < 20 && t.clock.now().getTime() + 29 * 60_000 < sessionEnd; step += 1) {
      t.clock.advance(29 * 60_000);
      const next = newApiKeyPair();
      await custody(current).createApiKeys({
        type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
        timestampMs: ts(),
        organizationId: wallet.organizationId,
        parameters: { userId: wallet.custodyUserId, apiKeys: [{ apiKeyName: `next-${chain.length}`, publicKey: next.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '1800' }] },
      } as never);
      chain.push(next);
      current = next;
    }
    expect(chain.length).toBeGreaterThan(2);
    t.clock.advance(sessionEnd + 60_000 - t.clock.now().getTime());
    // The session is over; it was never signed out. The last key would still sign for twenty minutes or more.
    expect(t.clock.now().getTime()).toBeGreaterThan(sessionEnd);
    expect((await t.call('GET', '/session', { token: jwt })).status).toBe(401);

    // Meanwhile the same user signs in again: that session's key is its own and stays.
    const again = await t.signIn(email);
    const liveKey = newApiKeyPair();
    const registered = await t.call('POST', '/users/embeddedWallets/sessionKey', { token: again.jwt, body: { publicKey: liveKey.publicKey } });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);

    for (const key of chain) expect(await refusedSoon(key, wallet), `key ${chain.indexOf(key)} of ${chain.length} still signs after the session ended`).toBe(true);
    await expect(sign(liveKey, wallet)).resolves.toMatchObject({ activity: { status: 'ACTIVITY_STATUS_COMPLETED' } });
  });
});
