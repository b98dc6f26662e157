import { createHash, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WebAuthnCeremonies } from '../../webauthn/WebAuthnCeremonies.js';
import { fromBase64Url, fromHex } from '../bytes.js';
import { createPasskeyStamper, passkeyStampChallenge, PASSKEY_STAMP_TIMEOUT_MS } from './createPasskeyStamper.js';
import { createSessionKeyStamper, generateSessionKey, importSessionKey } from './createSessionKeyStamper.js';

const body = JSON.stringify({ organizationId: 'org', parameters: { x: 1 }, timestampMs: '1', type: 'ACTIVITY_TYPE_X' });

function verifyApiStamp(headerValue: string, signed: string): boolean {
  const stamp = JSON.parse(new TextDecoder().decode(fromBase64Url(headerValue))) as { publicKey: string; scheme: string; signature: string };
  expect(stamp.scheme).toBe('SIGNATURE_SCHEME_TK_API_P256');
  const key = createPublicKey({ key: Buffer.concat([Buffer.from('3039301306072a8648ce3d020106082a8648ce3d030107032200', 'hex'), Buffer.from(stamp.publicKey, 'hex')]), format: 'der', type: 'spki' });
  return verify('sha256', Buffer.from(signed), key, Buffer.from(stamp.signature, 'hex'));
}

describe('stampers', () => {
  it('default: the session-key stamp is a DER ECDSA P-256 signature over the exact body bytes, by a non-extractable key', async () => {
    const key = await generateSessionKey();
    expect(key.privateKey.extractable).toBe(false);
    expect(key.publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    const stamp = await createSessionKeyStamper(key).stamp(body);
    expect(stamp.stampHeaderName).toBe('X-Stamp');
    expect(verifyApiStamp(stamp.stampHeaderValue, body)).toBe(true);
    expect(verifyApiStamp(stamp.stampHeaderValue, body.replace('"x":1', '"x":2'))).toBe(false);
  });

  it('default: an imported (recovered) key signs as its public key says and is not extractable', async () => {
    const privateKey = fromHex('c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721');
    const key = await importSessionKey(privateKey.slice());
    // RFC 6979 A.2.5's P-256 key: its public x starts 60fed4ba.
    expect(key.publicKey.slice(2, 10)).toBe('60fed4ba');
    expect(key.privateKey.extractable).toBe(false);
    expect(verifyApiStamp((await createSessionKeyStamper(key).stamp(body)).stampHeaderValue, body)).toBe(true);
  });

  it('default: the passkey stamp asks for an assertion over the hashed challenge (SPEC §9) and carries it', async () => {
    const expected = Buffer.from(createHash('sha256').update(body).digest('hex'), 'utf8').toString('base64url');
    expect(await passkeyStampChallenge(body)).toBe(expected);
    const seen: unknown[] = [];
    const webauthn = {
      isSupported: () => true,
      hostname: () => 'localhost',
      startRegistration: async () => {
        throw new Error('unused');
      },
      startAuthentication: async (options: unknown) => {
        seen.push(options);
        return { id: 'cred', rawId: 'cred', type: 'public-key', clientExtensionResults: {}, response: { authenticatorData: 'ad', clientDataJSON: 'cd', signature: 'sig' } };
      },
      cancel: () => undefined,
    } as unknown as WebAuthnCeremonies;
    const stamp = await createPasskeyStamper({ webauthn: async () => webauthn, rpId: 'localhost', allowCredentials: ['cred'] }).stamp(body);
    expect(seen[0]).toMatchObject({ challenge: expected, rpId: 'localhost', timeout: PASSKEY_STAMP_TIMEOUT_MS, userVerification: 'preferred', allowCredentials: [{ id: 'cred', type: 'public-key' }] });
    expect(stamp.stampHeaderName).toBe('X-Stamp-WebAuthn');
    expect(JSON.parse(stamp.stampHeaderValue)).toEqual({ authenticatorData: 'ad', clientDataJson: 'cd', credentialId: 'cred', signature: 'sig' });
  });
});
