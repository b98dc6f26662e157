import { LatchkeyError } from '../../errors/LatchkeyError.js';
import type { WalletErrorCode } from '../../errors/errorCodes.js';

/** SPEC §8 message of a user's refusal. */
export const USER_REJECTED_MESSAGE = 'User rejected request';

function textOf(error: unknown): string {
  if (error instanceof Error) return `${error.name} ${error.message}`;
  return typeof error === 'string' ? error : '';
}

/**
 * A wallet's failure as a LatchkeyError carrying a wallet error code (0–11 of SPEC §8): refusals (EIP-1193 4001,
 * "rejected"/"denied"/"cancelled") are USER_REJECTED — MESSAGE_SIGNATURE_DENIED while signing a message — with
 * 'User rejected request'; a locked wallet WALLET_LOCKED; bad input INVALID_PARAMETERS; anything else UNKNOWN.
 */
export function toWalletError(error: unknown, during: 'connect' | 'signMessage' | 'signTransaction'): LatchkeyError {
  if (error instanceof LatchkeyError) return error;
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  const text = textOf(error).toLowerCase();
  let walletCode: WalletErrorCode = 'UNKNOWN';
  if (code === 4001 || /reject|denied|declin|cancel/.test(text)) walletCode = during === 'signMessage' ? 'MESSAGE_SIGNATURE_DENIED' : 'USER_REJECTED';
  else if (/locked/.test(text)) walletCode = 'WALLET_LOCKED';
  else if (code === -32602 || /invalid param/.test(text)) walletCode = 'INVALID_PARAMETERS';
  else if (code === -32603) walletCode = 'INTERNAL_ERROR';
  const rejected = walletCode === 'USER_REJECTED' || walletCode === 'MESSAGE_SIGNATURE_DENIED';
  return new LatchkeyError(walletCode, { message: rejected ? USER_REJECTED_MESSAGE : error instanceof Error ? error.message : 'The wallet failed.', cause: error });
}
