import { LatchkeyError } from '../errors/LatchkeyError.js';

/**
 * The error a wallet's `errorCode`/`errorMessage` return stands for (Phantom's codes: 4001 the user rejected,
 * -32000/-32602 invalid input, -32603 internal error); the wallet's message is kept where SPEC §8 has no wording.
 */
export function mobileWalletError(errorCode: string, errorMessage: string | undefined): LatchkeyError {
  const cause = { errorCode, errorMessage };
  switch (errorCode) {
    case '4001':
      return new LatchkeyError('user_rejected_request', { cause });
    case '-32003':
      return new LatchkeyError('user_rejected_transaction', { cause });
    case '-32000':
    case '-32602':
      return new LatchkeyError('INVALID_PARAMETERS', { message: errorMessage || 'The wallet refused the request parameters.', cause });
    case '-32603':
      return new LatchkeyError('INTERNAL_ERROR', { message: errorMessage || 'The wallet failed.', cause });
    default:
      return new LatchkeyError('UNKNOWN', { message: errorMessage || `The wallet answered with error ${errorCode}.`, cause });
  }
}
