import { createHmac, createPublicKey } from 'node:crypto';
import { exportJWK, exportSPKI, generateKeyPair, jwtVerify, SignJWT, errors, type CryptoKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../errors/ApiError.js';
import { verifyToken } from './verifyToken.js';

/**
 * verifyToken against jose's jwtVerify (what the sandbox used before, with the same options): for every token below
 * both agree — accepted, expired, or refused — and where verifyToken is stricter on purpose, it says so.
 */
const issuer = 'latchkey-sandbox/env';
const audience = 'latchkey/env';
const now = new Date('2026-06-01T12:00:00.000Z');
const seconds = Math.floor(now.getTime() / 1000);
let privateKey: CryptoKey;
let publicKey: CryptoKey;
let otherKey: CryptoKey;
let nodeKey: ReturnType<typeof createPublicKey>;

beforeAll(async () => {
  ({ privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true }));
  ({ privateKey: otherKey } = await generateKeyPair('RS256'));
  nodeKey = createPublicKey({ key: (await exportJWK(publicKey)) as never, format: 'jwk' });
});

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const claims = (extra: Record<string, unknown> = {}) => ({ sub: 'user', sid: 'session', iss: issuer, aud: audience, iat: seconds - 60, exp: seconds + 3600, environmentId: 'env', ...extra });

async function sign(payload: Record<string, unknown>, header: Record<string, unknown> = {}, key: CryptoKey = privateKey): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...header } as { alg: string }).sign(key);
}

type Verdict = 'ok' | 'expired' | 'invalid';

async function jose(token: string): Promise<Verdict> {
  try {
    await jwtVerify(token, publicKey, { algorithms: ['RS256'], issuer, audience, currentDate: now, requiredClaims: ['sub', 'sid', 'exp', 'iat'] });
    return 'ok';
  } catch (error) {
    return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
  }
}

function ours(token: string): Verdict {
  try {
    verifyToken(token, nodeKey, { issuer, audience, now });
    return 'ok';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.status).toBe(401);
    return error.code === 'session_expired' ? 'expired' : 'invalid';
  }
}

describe('verifyToken', () => {
  it('default: agrees with jose on accepted, expired and refused tokens', async () => {
    const valid = await sign(claims());
    const [h, p, s] = valid.split('.') as [string, string, string];
    const hmacWithPublicKey = (() => {
      const header = b64({ alg: 'HS256', typ: 'JWT' });
      return async () => {
        const secret = await exportSPKI(publicKey);
        return `${header}.${p}.${createHmac('sha256', secret).update(`${header}.${p}`).digest('base64url')}`;
      };
    })();
    const cases: Record<string, string> = {
      valid,
      'audience in a list': await sign(claims({ aud: ['someone-else', audience] })),
      'not before, in the past': await sign(claims({ nbf: seconds - 1 })),
      expired: await sign(claims({ exp: seconds - 1 })),
      'expiring this second': await sign(claims({ exp: seconds })),
      'not before, in the future': await sign(claims({ nbf: seconds + 60 })),
      'another key': await sign(claims(), {}, otherKey),
      'alg none': `${b64({ alg: 'none' })}.${p}.`,
      'HS256 keyed with the public key': await hmacWithPublicKey(),
      'tampered payload': `${h}.${b64(claims({ sub: 'someone-else' }))}.${s}`,
      'tampered signature': `${h}.${p}.${s.slice(0, -4)}${s.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`,
      'two parts': `${h}.${p}`,
      'four parts': `${valid}.${s}`,
      'wrong issuer': await sign(claims({ iss: 'someone' })),
      'wrong audience': await sign(claims({ aud: 'someone' })),
      'audience list without ours': await sign(claims({ aud: ['a', 'b'] })),
      'no sub': await sign(claims({ sub: undefined })),
      'no sid': await sign(claims({ sid: undefined })),
      'no exp': await sign(claims({ exp: undefined })),
      'no iat': await sign(claims({ iat: undefined })),
      'exp a string': await sign(claims({ exp: String(seconds + 3600) })),
      'iat a string': await sign(claims({ iat: 'yesterday' })),
      'nbf a string': await sign(claims({ nbf: 'now' })),
      'payload an array': `${h}.${b64([1, 2])}.${s}`,
      'payload not JSON': `${h}.${b64('not json')}.${s}`,
      'header an array': `${b64([{ alg: 'RS256' }])}.${p}.${s}`,
      'header RS512': await new SignJWT(claims()).setProtectedHeader({ alg: 'RS512' }).sign((await generateKeyPair('RS512')).privateKey),
      empty: '',
      garbage: 'not-a-jwt',
    };
    const disagreements: string[] = [];
    for (const [name, token] of Object.entries(cases)) {
      const [expected, actual] = [await jose(token), ours(token)];
      if (expected !== actual) disagreements.push(`${name}: jose ${expected}, verifyToken ${actual}`);
    }
    expect(disagreements).toEqual([]);
    expect(ours(cases['valid']!)).toBe('ok');
    expect(ours(cases['expired']!)).toBe('expired');
    expect(ours(cases['another key']!)).toBe('invalid');
  });

  it('behavior: stricter than jose on purpose — a crit header, b64, and non-canonical base64url are refused', async () => {
    const valid = await sign(claims());
    const [h, p, s] = valid.split('.') as [string, string, string];
    expect(ours(await sign(claims(), { crit: ['b64'], b64: true }))).toBe('invalid');
    expect(ours(await sign(claims(), { b64: true }))).toBe('invalid');
    expect(ours(`${h}.${p}.${s}=`)).toBe('invalid');
    expect(ours(`${h}.${p}.${s}!`)).toBe('invalid');
    expect(ours(`${h}.${p}+.${s}`)).toBe('invalid');
    expect(ours(valid)).toBe('ok');
  });

  it('behavior: the payload is returned as signed', async () => {
    expect(verifyToken(await sign(claims({ email: 'a@b.c' })), nodeKey, { issuer, audience, now })).toMatchObject({ sub: 'user', sid: 'session', email: 'a@b.c', environmentId: 'env' });
  });
});
