import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { expect } from 'vitest';
import { SOLANA_DEFAULT_PATH } from '../custody/solanaKeys.js';
import { newApiKeyPair } from '../custody/testHelpers.js';
import type { RaceSandbox } from './postgresLocks.js';

type Key = { privateKey: string; publicKey: string };

/** In the race's sandbox: a root organisation and a user with one session key. */
export async function custodyUser({ t, hold }: RaceSandbox) {
  const clientFor = (key: Key) => new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }));
  const ts = () => String(t.clock.now().getTime());
  const parentKey = newApiKeyPair();
  const root = await t.call('POST', '/sandbox/custody/organizations', { body: { publicKey: parentKey.publicKey } });
  expect(root.status).toBe(200);
  const parent = clientFor(parentKey);
  const sessionKey = newApiKeyPair();
  const { activity } = await parent.createSubOrganization({
    type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
    timestampMs: ts(),
    organizationId: root.body.organizationId,
    parameters: {
      subOrganizationName: 'user',
      rootQuorumThreshold: 1,
      rootUsers: [{ userName: 'user', apiKeys: [{ apiKeyName: 'session', publicKey: sessionKey.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '1800' }], authenticators: [], oauthProviders: [] }],
      wallet: { walletName: 'Solana', accounts: [{ curve: 'CURVE_ED25519', pathFormat: 'PATH_FORMAT_BIP32', path: SOLANA_DEFAULT_PATH, addressFormat: 'ADDRESS_FORMAT_SOLANA' }] },
    },
  } as any);
  const result = (activity.result as any).createSubOrganizationResultV7;
  const organizationId = result.subOrganizationId as string;
  const userId = result.rootUserIds[0] as string;
  const [sessionKeyId] = (await parent.getUser({ organizationId, userId })).user.apiKeys.map((key) => key.apiKeyId);
  const addBy = (maker: Key, added: Key) =>
    clientFor(maker).createApiKeys({
      type: 'ACTIVITY_TYPE_CREATE_API_KEYS_V2',
      timestampMs: ts(),
      organizationId,
      parameters: { userId, apiKeys: [{ apiKeyName: `minted-${added.publicKey.slice(0, 8)}`, publicKey: added.publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds: '1800' }] },
    } as any);
  const removeSessionKey = () => parent.deleteApiKeys({ type: 'ACTIVITY_TYPE_DELETE_API_KEYS', timestampMs: ts(), organizationId, parameters: { userId, apiKeyIds: [sessionKeyId!] } });
  /** Every request's last write is its activity: with the log locked, each runs up to there and waits. */
  const lockActivityLog = () => hold('LOCK TABLE custody_activities IN SHARE MODE');
  const outcome = (request: Promise<unknown>) =>
    request.then(
      () => 'done',
      (error: { code?: number }) => error.code,
    );
  return { clientFor, parent, sessionKey, organizationId, userId, addBy, removeSessionKey, lockActivityLog, outcome };
}
