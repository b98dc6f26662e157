import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for node tests: a real P-256 key (or an RSA key for RS256), "none"
 * attestation, real assertions and a signature counter — what a browser's virtual authenticator produces,
 * without a browser. Only the CBOR the ceremonies need is encoded.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65_536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  throw new Error('CBOR value too long for this encoder.');
}

export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftPasskey {
  readonly credentialId: string;
  readonly privateKey: KeyObject;
  readonly userHandle: string;
  counter: number;
}

export interface SoftAuthenticator {
  readonly passkeys: SoftPasskey[];
  /** Answers creation options as `navigator.credentials.create` + `toJSON()` would. */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string): Record<string, any>;
  /** Answers request options with the first (or the given) passkey. */
  authenticate(options: { challenge: string; rpId?: string }, origin: string, passkey?: SoftPasskey): Record<string, any>;
}

/** COSE algorithm of the keys it makes: ES256 (-7, P-256) or RS256 (-257, RSA 2048, PKCS#1 v1.5). */
export type SoftAlgorithm = -7 | -257;

function coseKey(publicKey: KeyObject): Map<Cbor, Cbor> {
  const jwk = publicKey.export({ format: 'jwk' });
  if (jwk.kty === 'RSA') {
    return new Map<Cbor, Cbor>([
      [1, 3], // kty: RSA
      [3, -257], // alg: RS256
      [-1, Buffer.from(jwk.n as string, 'base64url')],
      [-2, Buffer.from(jwk.e as string, 'base64url')],
    ]);
  }
  return new Map<Cbor, Cbor>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, Buffer.from(jwk.x as string, 'base64url')],
    [-3, Buffer.from(jwk.y as string, 'base64url')],
  ]);
}

export function createSoftAuthenticator({ algorithm = -7 }: { algorithm?: SoftAlgorithm } = {}): SoftAuthenticator {
  const passkeys: SoftPasskey[] = [];
  return {
    passkeys,
    register(options, origin) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const { privateKey, publicKey } =
        algorithm === -257 ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const credentialId = randomBytes(16);
      const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
      const idLength = Buffer.from([credentialId.length >> 8, credentialId.length & 0xff]);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
        Buffer.alloc(4),
        Buffer.alloc(16), // aaguid
        idLength,
        credentialId,
        encodeCbor(coseKey(publicKey)),
      ]);
      const attestationObject = encodeCbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
      passkeys.push({ credentialId: b64url(credentialId), privateKey, userHandle: options.user.id, counter: 0 });
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      };
    },
    authenticate(options, origin, passkey = passkeys[0]) {
      if (!passkey) throw new Error('The soft authenticator holds no passkey.');
      const rpId = options.rpId ?? new URL(origin).hostname;
      passkey.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(passkey.counter);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAG_UP | FLAG_UV]), counter]);
      const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false });
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
      return {
        id: passkey.credentialId,
        rawId: passkey.credentialId,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: passkey.userHandle,
        },
      };
    },
  };
}
