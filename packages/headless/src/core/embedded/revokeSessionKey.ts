import type { CustodyApi } from './custody/createCustodyApi.js';
import { createSessionKeyStamper, type SessionKey } from './stampers/createSessionKeyStamper.js';

interface CustodyUser {
  apiKeys?: { apiKeyId: string; credential?: { publicKey?: string } }[];
}

/**
 * Deletes the session key's API key at custody, asking with the key itself (`whoami` → `get_user` → `delete_api_keys`,
 * which a member may submit for its own user): once it is done, a request stamped with the key is refused ('could not
 * find public key'). Resolves to whether a key was deleted; throws what custody or the network answered.
 */
export async function revokeSessionKey(custody: CustodyApi, organizationId: string, key: Pick<SessionKey, 'privateKey' | 'publicKey'>): Promise<boolean> {
  const stamper = createSessionKeyStamper(key);
  const { userId } = await custody.query<{ userId: string }>('whoami', { organizationId }, stamper);
  const { user } = await custody.query<{ user: CustodyUser }>('get_user', { organizationId, userId }, stamper);
  const publicKey = key.publicKey.toLowerCase();
  const apiKeyIds = (user.apiKeys ?? []).filter((apiKey) => apiKey.credential?.publicKey?.toLowerCase() === publicKey).map((apiKey) => apiKey.apiKeyId);
  if (apiKeyIds.length === 0) return false;
  await custody.submit('delete_api_keys', 'ACTIVITY_TYPE_DELETE_API_KEYS', organizationId, { userId, apiKeyIds }, stamper);
  return true;
}
