import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../test/testSandbox.js';
import { newApiKeyPair, newTargetKey } from './testHelpers.js';

/** An API key's `expirationSeconds` — of a user's keys, of a recovery credential — is bounded: beyond, 3, never 500. */
let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const ts = () => String(t.clock.now().getTime());

async function rootOrganization() {
  const key = newApiKeyPair();
  const root = await t.call('POST', '/sandbox/custody/organizations', { body: { publicKey: key.publicKey } });
  expect(root.status).toBe(200);
  return { client: new TurnkeyClient({ baseUrl: t.sandbox.info.custodyBaseUrl }, new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey })), organizationId: root.body.organizationId as string };
}

function subOrganization(root: Awaited<ReturnType<typeof rootOrganization>>, expirationSeconds: string | number, userEmail?: string) {
  return root.client.createSubOrganization({
    type: 'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V7',
    timestampMs: ts(),
    organizationId: root.organizationId,
    parameters: {
      subOrganizationName: 'expiry',
      rootQuorumThreshold: 1,
      rootUsers: [{ userName: 'u', ...(userEmail ? { userEmail } : {}), apiKeys: [{ apiKeyName: 'k', publicKey: newApiKeyPair().publicKey, curveType: 'API_KEY_CURVE_P256', expirationSeconds }], authenticators: [], oauthProviders: [] }],
    },
  } as any);
}

describe('expirationSeconds', () => {
  it('default: up to 1e9 seconds as a number, 10 digits as a string', async () => {
    const root = await rootOrganization();
    for (const expirationSeconds of [1_000_000_000, '9999999999']) {
      expect((await subOrganization(root, expirationSeconds)).activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    }
  });

  it("error: a larger number is refused (3) in a user's key and in email_auth's credential", async () => {
    const root = await rootOrganization();
    for (const expirationSeconds of [1_000_000_001, Number.MAX_SAFE_INTEGER]) {
      await expect(subOrganization(root, expirationSeconds)).rejects.toMatchObject({ code: 3, message: expect.stringContaining('expirationSeconds') });
    }
    const email = `expiry-${Date.now()}@example.com`;
    const { activity } = await subOrganization(root, '1800', email);
    const organizationId = (activity.result as any).createSubOrganizationResultV7.subOrganizationId;
    const refused = root.client.emailAuth({
      type: 'ACTIVITY_TYPE_EMAIL_AUTH_V2',
      timestampMs: ts(),
      organizationId,
      parameters: { email, targetPublicKey: (await newTargetKey()).targetPublicKey, expirationSeconds: Number.MAX_SAFE_INTEGER },
    } as any);
    await expect(refused).rejects.toMatchObject({ code: 3, message: expect.stringContaining('expirationSeconds') });
  });
});
