import { ed25519 } from '@noble/curves/ed25519.js';
import { z } from 'zod';
import type { Queryable } from '../db/database.js';
import { sealBundle } from './bundle.js';
import type { CustodyContext } from './CustodyContext.js';
import { CustodyError } from './CustodyError.js';
import { findAccount, walletsOf } from './custodyStore.js';
import { openAtRest } from './secrets.js';
import { signSolanaTransaction } from './solanaKeys.js';
import { submitHandler, targetPublicKeySchema, type SubmitHandler } from './SubmitHandler.js';

async function accountPrivateKey(ctx: CustodyContext, q: Queryable, organizationId: string, signWith: string) {
  const account = await findAccount(q, organizationId, signWith);
  if (!account) throw new CustodyError(5, `could not find a wallet account for ${signWith}`);
  return { account, privateKey: openAtRest(ctx.secrets.masterKey, account.encrypted_private_key, `account:${account.id}`) };
}

function payloadBytes(payload: string, encoding: string): Uint8Array {
  if (encoding === 'PAYLOAD_ENCODING_HEXADECIMAL') {
    const clean = payload.startsWith('0x') ? payload.slice(2) : payload;
    if (!/^(?:[0-9a-fA-F]{2})*$/.test(clean)) throw new CustodyError(3, 'payload is not hexadecimal');
    return new Uint8Array(Buffer.from(clean, 'hex'));
  }
  return new TextEncoder().encode(payload);
}

function ed25519Signature(privateKey: Uint8Array, message: Uint8Array) {
  const signature = ed25519.sign(message, privateKey);
  return { r: Buffer.from(signature.subarray(0, 32)).toString('hex'), s: Buffer.from(signature.subarray(32)).toString('hex'), v: '00' };
}

const signRawParams = z.object({
  signWith: z.string().min(1),
  payload: z.string(),
  encoding: z.enum(['PAYLOAD_ENCODING_HEXADECIMAL', 'PAYLOAD_ENCODING_TEXT_UTF8']),
  hashFunction: z.literal('HASH_FUNCTION_NOT_APPLICABLE', { message: 'ed25519 signs the message itself: use HASH_FUNCTION_NOT_APPLICABLE' }),
});

/** Submits that use a key: signing (raw payloads, Solana transactions) and export to the caller's target key. */
export const signingActivities: Readonly<Record<string, SubmitHandler>> = {
  sign_raw_payload: submitHandler({
    type: 'SIGN_RAW_PAYLOAD',
    resultKey: 'signRawPayloadResult',
    parentMayUse: false,
    consensus: true,
    parameters: signRawParams,
    async run(ctx, q, principal, p) {
      const { privateKey } = await accountPrivateKey(ctx, q, principal.organizationId, p.signWith);
      return ed25519Signature(privateKey, payloadBytes(p.payload, p.encoding));
    },
  }),
  sign_raw_payloads: submitHandler({
    type: 'SIGN_RAW_PAYLOADS',
    resultKey: 'signRawPayloadsResult',
    parentMayUse: false,
    consensus: true,
    parameters: signRawParams.omit({ payload: true }).extend({ payloads: z.array(z.string()).min(1).max(100) }),
    async run(ctx, q, principal, p) {
      const { privateKey } = await accountPrivateKey(ctx, q, principal.organizationId, p.signWith);
      return { signatures: p.payloads.map((payload) => ed25519Signature(privateKey, payloadBytes(payload, p.encoding))) };
    },
  }),
  sign_transaction: submitHandler({
    type: 'SIGN_TRANSACTION',
    resultKey: 'signTransactionResult',
    parentMayUse: false,
    consensus: true,
    parameters: z.object({
      signWith: z.string().min(1),
      unsignedTransaction: z.string().regex(/^(?:[0-9a-fA-F]{2})+$/, { message: 'must be the serialized transaction in hex' }),
      type: z.literal('TRANSACTION_TYPE_SOLANA', { message: 'only TRANSACTION_TYPE_SOLANA is emulated' }),
    }),
    async run(ctx, q, principal, p) {
      const { privateKey } = await accountPrivateKey(ctx, q, principal.organizationId, p.signWith);
      let signed: Uint8Array;
      try {
        signed = signSolanaTransaction(new Uint8Array(Buffer.from(p.unsignedTransaction, 'hex')), privateKey);
      } catch (error) {
        throw new CustodyError(3, `invalid transaction: ${(error as Error).message}`);
      }
      return { signedTransaction: Buffer.from(signed).toString('hex') };
    },
  }),
  export_wallet: submitHandler({
    type: 'EXPORT_WALLET',
    resultKey: 'exportWalletResult',
    parentMayUse: false,
    consensus: true,
    parameters: z.object({ walletId: z.string().min(1), targetPublicKey: targetPublicKeySchema, language: z.string().optional() }),
    async run(ctx, q, principal, p) {
      const wallet = (await walletsOf(q, principal.organizationId)).find((row) => row.id === p.walletId);
      if (!wallet) throw new CustodyError(5, `could not find wallet ${p.walletId}`);
      const seed = openAtRest(ctx.secrets.masterKey, wallet.encrypted_seed, `wallet:${wallet.id}`);
      const exportBundle = await sealBundle({ targetPublicKey: p.targetPublicKey, plaintext: new TextEncoder().encode(Buffer.from(seed).toString('hex')), organizationId: principal.organizationId, createdAt: ctx.now(), enclavePrivateKey: ctx.secrets.enclavePrivateKey });
      await q.query('UPDATE custody_wallets SET exported = true WHERE id = $1', [wallet.id]);
      return { walletId: wallet.id, exportBundle };
    },
  }),
  export_wallet_account: submitHandler({
    type: 'EXPORT_WALLET_ACCOUNT',
    resultKey: 'exportWalletAccountResult',
    parentMayUse: false,
    consensus: true,
    parameters: z.object({ address: z.string().min(1), targetPublicKey: targetPublicKeySchema }),
    async run(ctx, q, principal, p) {
      const { account, privateKey } = await accountPrivateKey(ctx, q, principal.organizationId, p.address);
      const exportBundle = await sealBundle({ targetPublicKey: p.targetPublicKey, plaintext: privateKey, organizationId: principal.organizationId, createdAt: ctx.now(), enclavePrivateKey: ctx.secrets.enclavePrivateKey });
      await q.query('UPDATE custody_wallets SET exported = true WHERE id = $1', [account.wallet_id]);
      return { address: account.address, exportBundle };
    },
  }),
};
