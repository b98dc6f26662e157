import * as z from 'zod/mini';
import { domainSchema, evmAddressSchema, isSolanaAddress, sessionPublicKeySchema } from './common.js';
import { chainSchema, walletAccountTypeSchema, walletProviderTypeSchema } from './enums.js';
import { oauthCodeExchangeSchema } from './social.js';

/** Wallet-signature sign-in records of SPEC §3: nonce, verify request, signature sign-in, wallet accounts. */

/** A sign-in nonce: at least 8 letters or digits (EIP-4361 / Sign-In-With-Solana). */
export const nonceSchema = z.string().check(z.regex(/^[A-Za-z0-9]{8,128}$/, { message: 'must be 8 to 128 letters or digits' }));

/** GET /nonce answer. */
export const nonceResponseSchema = z.object({ nonce: nonceSchema });
export type NonceResponse = z.infer<typeof nonceResponseSchema>;

/** Wallet account of SPEC §3 (extra addresses a wallet holds, e.g. BTC ordinals and payment). */
export const walletAccountSchema = z.object({
  address: z.string().check(z.minLength(1)),
  publicKey: z.optional(z.string()),
  type: walletAccountTypeSchema,
});
export type WalletAccount = z.infer<typeof walletAccountSchema>;

/** Chains whose address format the protocol knows; other chains accept any non-empty address. */
export function isAddressForChain(chain: z.infer<typeof chainSchema>, address: string): boolean {
  if (chain === 'SOL' || chain === 'ECLIPSE') return isSolanaAddress(address);
  if (chain === 'EVM' || chain === 'ETH') return evmAddressSchema.safeParse(address).success;
  return address.length > 0;
}

/** Verify request of SPEC §3: the body of POST /verify and of /verify/link, /merge, /transfer. */
export const verifyRequestSchema = z.object({
    signedMessage: z.string().check(z.minLength(1)),
    messageToSign: z.string().check(z.minLength(1)),
    publicWalletAddress: z.string().check(z.minLength(1)),
    chain: chainSchema,
    walletName: z.string().check(z.minLength(1)),
    walletProvider: walletProviderTypeSchema,
    oauth: z.optional(oauthCodeExchangeSchema),
    skipEmptyAccountCheck: z.optional(z.boolean()),
    captchaToken: z.optional(z.string()),
    network: z.optional(z.union([z.string().check(z.minLength(1)), z.int()])),
    additionalWalletAddresses: z.optional(z.array(walletAccountSchema)),
    backup: z.optional(z.string()),
    password: z.optional(z.string()),
    passwordSource: z.optional(z.string()),
    sessionPublicKey: z.optional(sessionPublicKeySchema),
  }).check(z.superRefine((request, ctx) => {
    if (!isAddressForChain(request.chain, request.publicWalletAddress)) {
      ctx.addIssue({
        code: 'custom',
        path: ['publicWalletAddress'],
        message: `must be a ${request.chain} address`,
      });
    }
  }));
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

/** Signature sign-in of SPEC §3 (Sign-In-With-Solana style): the message carries domain and nonce. */
export const signatureSignInSchema = z.object({
    address: z.string().check(z.minLength(1)),
    domain: domainSchema,
    nonce: nonceSchema,
    message: z.string().check(z.minLength(1), z.maxLength(4096)),
    signature: z.string().check(z.minLength(1)),
    captchaToken: z.optional(z.string()),
    sessionPublicKey: z.optional(sessionPublicKeySchema),
  }).check(z.superRefine((signIn, ctx) => {
    if (!signIn.message.includes(signIn.nonce)) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'must contain the nonce' });
    }
    if (!signIn.message.startsWith(signIn.domain)) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: 'must start with the domain' });
    }
  }));
export type SignatureSignIn = z.infer<typeof signatureSignInSchema>;

/**
 * Wallet link of SPEC §3: the body of POST /verify/unlink. `verifiedCrentialId` is spelled as on
 * the wire.
 */
export const walletLinkSchema = z.object({
  walletId: z.optional(z.string().check(z.minLength(1))),
  verifiedCrentialId: z.string().check(z.minLength(1)),
  primaryWalletId: z.optional(z.string().check(z.minLength(1))),
});
export type WalletLink = z.infer<typeof walletLinkSchema>;

/** PUT /users/wallets/selection: the wallet (verified credential) to make primary. */
export const walletSelectionSchema = z.object({ walletId: z.string().check(z.minLength(1)) });
export type WalletSelection = z.infer<typeof walletSelectionSchema>;
