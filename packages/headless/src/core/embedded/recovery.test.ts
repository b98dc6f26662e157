import { Aes256Gcm, CipherSuite, DhkemP256HkdfSha256, HkdfSha256 } from '@hpke/core';
import { describe, expect, it } from 'vitest';
import { fromHex, toBase64Url, toHex, utf8 } from './bytes.js';
import { createBundleTarget, openRecoveryCode, RECOVERY_CODE_LIFETIME_MS, type BundleTarget } from './recovery.js';

/**
 * A recovery code is custody's HPKE bundle of a fresh key, sealed to the device's target key. Base mode does not say
 * who sealed it: anyone who saw the target key (it travels in the request) can seal one. So the kit holds a code to
 * what it asked for: this organisation's, and made within the code's lifetime of now — either way.
 */
const suite = new CipherSuite({ kem: new DhkemP256HkdfSha256(), kdf: new HkdfSha256(), aead: new Aes256Gcm() });

/** A bundle as custody seals one (`createdAtMs` and the organisation bound into the AAD), as the e-mail's code. */
async function sealCode(target: BundleTarget, fields: { createdAtMs: number; organizationId: string; key?: Uint8Array }): Promise<string> {
  const recipient = fromHex(target.uncompressedPublicKey);
  const sender = await suite.createSenderContext({ recipientPublicKey: await suite.kem.deserializePublicKey(recipient.slice().buffer), info: utf8('turnkey_hpke').buffer as ArrayBuffer });
  const enc = new Uint8Array(sender.enc);
  const aad = new Uint8Array([...enc, ...recipient, ...utf8(JSON.stringify([fields.organizationId, fields.createdAtMs]))]);
  const ciphertext = new Uint8Array(await sender.seal((fields.key ?? new Uint8Array(32).fill(9)).slice().buffer, aad.buffer));
  const data = { encappedPublic: toHex(enc), ciphertext: toHex(ciphertext), createdAtMs: fields.createdAtMs, organizationId: fields.organizationId };
  return toBase64Url(utf8(JSON.stringify({ data: toHex(utf8(JSON.stringify(data))) })));
}

describe('openRecoveryCode', () => {
  const now = Date.parse('2026-11-29T12:00:00.000Z');

  it('default: a code of this organisation, made a minute ago (or a minute "ahead", a device clock behind), opens', async () => {
    const target = await createBundleTarget();
    for (const createdAtMs of [now - 60_000, now + 60_000]) {
      const opened = await openRecoveryCode(target, await sealCode(target, { createdAtMs, organizationId: 'org-1' }), now, 'org-1');
      expect(opened).toEqual({ privateKey: new Uint8Array(32).fill(9), createdAtMs });
    }
  });

  it.each([
    ['a code made a day ahead (a session that would last as long)', { createdAtMs: now + 86_400_000, organizationId: 'org-1' }],
    ['a code made just over its lifetime ahead', { createdAtMs: now + RECOVERY_CODE_LIFETIME_MS + 1, organizationId: 'org-1' }],
    ['a code made just over its lifetime ago', { createdAtMs: now - RECOVERY_CODE_LIFETIME_MS - 1, organizationId: 'org-1' }],
    ["another organisation's code", { createdAtMs: now, organizationId: 'org-2' }],
  ])('error: %s is recovery_code_invalid', async (_name, fields) => {
    const target = await createBundleTarget();
    await expect(openRecoveryCode(target, await sealCode(target, fields), now, 'org-1')).rejects.toMatchObject({ code: 'recovery_code_invalid' });
  });
});
