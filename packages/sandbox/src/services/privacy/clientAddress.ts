import { createHmac, hkdfSync } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
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

/** An IPv6 address's eight 16-bit groups (`::` expanded, an IPv4 tail as two groups); the caller checked it with `isIPv6`. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = rest === undefined ? [] : parse(rest);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The network a per-client limit counts a client by: an IPv4 address alone (also when mapped into IPv6, as a
 * dual-stack socket reports it), and for IPv6 the /64 it lies in — one subscriber's or one host's prefix, inside which
 * it can pick a new address for every request. Anything else (not an address) is counted as given.
 */
export function clientNetwork(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
}

const pseudonymKeys = new WeakMap<MpcSecrets, Buffer>();

/**
 * What the per-client limits count by: a keyed hash (HMAC-SHA-256) of the address's network (`clientNetwork`: an IPv6
 * client's /64), never the address itself, so the rate-limit rows hold no IP whatever `privacy.collectIp` says. The key is derived (HKDF) from the environment's
 * server secret, which every sandbox instance on the same database shares, so they count one client alike.
 */
export function clientPseudonym(secrets: MpcSecrets, address: string): string {
  let key = pseudonymKeys.get(secrets);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secrets.masterKey, Buffer.alloc(0), 'latchkey sandbox: client address pseudonym', 32));
    pseudonymKeys.set(secrets, key);
  }
  return createHmac('sha256', key).update(clientNetwork(address)).digest('base64url');
}
