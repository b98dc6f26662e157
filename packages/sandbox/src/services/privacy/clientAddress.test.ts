import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MpcSecrets } from '../mpc/mpcSecrets.js';
import { clientNetwork, clientPseudonym } from './clientAddress.js';

const secrets = { masterKey: randomBytes(32) } as unknown as MpcSecrets;

describe('clientPseudonym: what a per-client limit counts by', () => {
  it('behavior: every address of one IPv6 /64 is one client (a host picks any of them at will)', () => {
    const one = clientPseudonym(secrets, '2001:db8:1:2::1');
    expect(clientPseudonym(secrets, '2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(one);
    expect(clientPseudonym(secrets, '2001:0DB8:0001:0002:0:0:0:9')).toBe(one);
    expect(clientPseudonym(secrets, '2001:db8:1:2::7%eth0')).toBe(one);
    expect(clientPseudonym(secrets, '2001:db8:1:3::1')).not.toBe(one);
  });

  it('behavior: an IPv4 address counts alone, written plainly or mapped into IPv6', () => {
    expect(clientPseudonym(secrets, '::ffff:192.0.2.7')).toBe(clientPseudonym(secrets, '192.0.2.7'));
    expect(clientPseudonym(secrets, '::ffff:c000:207')).toBe(clientPseudonym(secrets, '192.0.2.7'));
    expect(clientPseudonym(secrets, '192.0.2.8')).not.toBe(clientPseudonym(secrets, '192.0.2.7'));
  });

  it('behavior: the network named', () => {
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8::ffff:1.2.3.4')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientNetwork('10.0.0.1')).toBe('10.0.0.1');
    // Not an address (a test's in-process caller, a proxy's label): counted as given.
    expect(clientNetwork('local')).toBe('local');
  });
});
