import { ed25519 } from '@noble/curves/ed25519.js';
import bs58 from 'bs58';
import { MEMO_PROGRAM_IDS } from '../services/wallets/memoTransaction.js';
import type { TestSandbox } from './testSandbox.js';

/** An ed25519 keypair that signs Sign-In-With-Solana messages (and memo transactions, as a hardware wallet does). */
export interface TestKeypair {
  address: string;
  signMessage(message: string): string;
  /** A base58 serialized legacy transaction, fee payer = this key, one memo instruction carrying `memo`. */
  signMemoTransaction(memo: string): string;
}

function shortVec(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  for (;;) {
    const byte = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

export function createTestKeypair(): TestKeypair {
  const secretKey = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secretKey);
  return {
    address: bs58.encode(publicKey),
    signMessage: (message) => bs58.encode(ed25519.sign(new TextEncoder().encode(message), secretKey)),
    signMemoTransaction(memo) {
      const data = new TextEncoder().encode(memo);
      const message = Uint8Array.from([
        1, 0, 1, // header: 1 signature, 0 readonly signed, 1 readonly unsigned (the program)
        ...shortVec(2), ...publicKey, ...bs58.decode(MEMO_PROGRAM_IDS[0]),
        ...new Uint8Array(32).fill(7), // recent blockhash (never sent to a cluster)
        ...shortVec(1), 1, ...shortVec(1), 0, ...shortVec(data.length), ...data,
      ]);
      const signature = ed25519.sign(message, secretKey);
      return bs58.encode(Uint8Array.from([...shortVec(1), ...signature, ...message]));
    },
  };
}

/** A Sign-In-With-Solana message in the EIP-4361 layout. */
export function siwsMessage(parts: { domain?: string; address: string; nonce: string; issuedAt?: Date; uri?: string; version?: string; statement?: string }): string {
  const domain = parts.domain ?? 'localhost:5173';
  return [
    `${domain} wants you to sign in with your Solana account:`,
    parts.address,
    '',
    parts.statement ?? 'Sign in to Latchkey Demo',
    '',
    `URI: ${parts.uri ?? `http://${domain}`}`,
    `Version: ${parts.version ?? '1'}`,
    'Chain ID: localnet',
    `Nonce: ${parts.nonce}`,
    `Issued At: ${(parts.issuedAt ?? new Date()).toISOString()}`,
  ].join('\n');
}

/** A POST `/verify` (or `/verify/link`, `/merge`, `/transfer`) body: the sandbox's fresh nonce in a message `wallet` signs. */
export async function walletVerifyBody(t: TestSandbox, wallet: TestKeypair) {
  const messageToSign = siwsMessage({ address: wallet.address, nonce: (await t.call('GET', '/nonce')).body.nonce, issuedAt: t.clock.now() });
  return { messageToSign, signedMessage: wallet.signMessage(messageToSign), publicWalletAddress: wallet.address, chain: 'SOL', walletName: 'phantom', walletProvider: 'browserExtension' };
}
