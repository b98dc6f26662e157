import { createHmac, hkdfSync } from 'node:crypto';
import type { ProjectSettings } from '@latchkey/protocol';
import type { MpcSecrets } from '../mpc/mpcSecrets.js';

/**
 * The client IP address to store with a record (a session a sign-in opens, an analytics event): the request's
 * (`SandboxContext.clientAddress`), only while the project collects it (`privacy.collectIp`, SPEC §3); otherwise
 * `undefined` — nothing is kept.
 */
export function collectedClientAddress(settings: Pick<ProjectSettings, 'privacy'>, address: string | undefined): string | undefined {
  return settings.privacy.collectIp ? address : undefined;
}

const pseudonymKeys = new WeakMap<MpcSecrets, Buffer>();

/**
 * What the per-client send limit counts by: a keyed hash (HMAC-SHA-256) of the address, never the address itself, so
 * the rate-limit rows hold no IP whatever `privacy.collectIp` says. The key is derived (HKDF) from the environment's
 * server secret, which every sandbox instance on the same database shares, so they count one client alike.
 */
export function clientPseudonym(secrets: MpcSecrets, address: string): string {
  let key = pseudonymKeys.get(secrets);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secrets.masterKey, Buffer.alloc(0), 'latchkey sandbox: client address pseudonym', 32));
    pseudonymKeys.set(secrets, key);
  }
  return createHmac('sha256', key).update(address).digest('base64url');
}
