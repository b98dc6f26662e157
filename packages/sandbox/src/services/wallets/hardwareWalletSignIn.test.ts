import { errorBodySchema, type User } from '@latchkey/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKeypair, siwsMessage, type TestKeypair } from '../../test/testWallet.js';
import { startTestSandbox, type TestSandbox } from '../../test/testSandbox.js';
import { walletMessages } from './walletSignature.js';

// A hardware wallet signs a memo transaction instead of the message (SPEC §5). The memo is the whole message, so the
// signature covers what the user agreed to (domain, URI, times), not only the nonce an evil site can fetch too.

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

async function nonce(): Promise<string> {
  return (await t.call('GET', '/nonce')).body.nonce as string;
}

/** A Verify body whose signature is `signer`'s memo transaction carrying `memo` (default: the message itself). */
async function memoBody(wallet: TestKeypair, options: { memo?: (message: string, nonce: string) => string; domain?: string; signer?: TestKeypair } = {}) {
  const fresh = await nonce();
  const messageToSign = siwsMessage({ address: wallet.address, nonce: fresh, domain: options.domain, issuedAt: t.clock.now() });
  const memo = options.memo ? options.memo(messageToSign, fresh) : messageToSign;
  return { messageToSign, signedMessage: (options.signer ?? wallet).signMemoTransaction(memo), publicWalletAddress: wallet.address, chain: 'SOL', walletName: 'phantomledger', walletProvider: 'browserExtension' };
}

function expectError(response: { status: number; body: unknown }, status: number, code: string, message: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const body = errorBodySchema.parse(response.body);
  expect([body.error.code, body.error.message]).toEqual([code, message]);
}

describe('POST /verify with a memo transaction (hardware wallet)', () => {
  it('default: a memo carrying the whole Sign-In-With-Solana message signs in, marked ledger', async () => {
    const wallet = createTestKeypair();
    const response = await t.call('POST', '/verify', { body: await memoBody(wallet) });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const credentials = (response.body.user as User).verifiedCredentials.filter((credential) => credential.format === 'blockchain');
    expect(credentials[0]?.wallet_properties).toMatchObject({ hardwareWallet: 'ledger' });
  });

  it('error: a memo carrying only the nonce is refused (a memo signed for another site cannot be relayed)', async () => {
    // What an evil site gets from a victim's Ledger: a memo of a nonce it fetched from GET /nonce; it writes the text.
    const body = await memoBody(createTestKeypair(), { memo: (_, fresh) => fresh });
    expectError(await t.call('POST', '/verify', { body }), 400, 'invalid_verification', walletMessages.nonceMissing);
  });

  it('error: a memo naming another domain is refused', async () => {
    const wallet = createTestKeypair();
    // The signed memo names evil.example; the submitted message names an allowed domain with the same nonce.
    const relayed = await memoBody(wallet, { memo: (message) => message.replaceAll('localhost:5173', 'evil.example') });
    expect(relayed.messageToSign).toContain('localhost:5173 wants you');
    expectError(await t.call('POST', '/verify', { body: relayed }), 400, 'invalid_verification', walletMessages.nonceMissing);
    // Submitted as signed: the domain is not allowed.
    const asSigned = await memoBody(wallet, { domain: 'evil.example' });
    expectError(await t.call('POST', '/verify', { body: asSigned }), 400, 'invalid_verification', walletMessages.domainNotAllowed('evil.example'));
  });

  it("error: a memo that is not exactly the message is 'Nonce missing'", async () => {
    const wallet = createTestKeypair();
    for (const memo of [() => 'something else', (message: string) => `${message}\n`, (message: string) => message.replace(/Issued At: .*/, 'Issued At: 2999-01-01T00:00:00.000Z')]) {
      expectError(await t.call('POST', '/verify', { body: await memoBody(wallet, { memo }) }), 400, 'invalid_verification', walletMessages.nonceMissing);
    }
  });

  it('error: a memo transaction signed by another key is a bad signature', async () => {
    const body = await memoBody(createTestKeypair(), { signer: createTestKeypair() });
    expectError(await t.call('POST', '/verify', { body }), 400, 'invalid_verification', walletMessages.badSignature);
  });

  it('error: /verify/link, /verify/merge and /verify/transfer refuse a nonce-only memo too', async () => {
    const { jwt } = await t.signIn(`memo-${Date.now()}@example.com`);
    for (const path of ['/verify/link', '/verify/merge', '/verify/transfer']) {
      const body = await memoBody(createTestKeypair(), { memo: (_, fresh) => fresh });
      expectError(await t.call('POST', path, { token: jwt, body }), 400, 'invalid_verification', walletMessages.nonceMissing);
    }
  });
});
