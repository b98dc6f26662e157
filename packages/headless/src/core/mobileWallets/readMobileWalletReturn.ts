/** The query parameter the kit adds to its redirect link: the id of the request the return answers. */
export const MOBILE_WALLET_REQUEST_PARAM = 'latchkey_mobile_request';

/** What a wallet's return carries (Phantom-style names; the encryption key's name has the wallet's key). */
export interface MobileWalletReturn {
  requestId: string;
  walletEncryptionPublicKey: string | undefined;
  nonce: string | undefined;
  data: string | undefined;
  errorCode: string | undefined;
  errorMessage: string | undefined;
  /** The same URL without the return's parameters. */
  cleanUrl: string;
}

/** The parameter that carries the wallet's encryption public key, e.g. `phantom_encryption_public_key`. */
export function encryptionKeyParam(walletKey: string): string {
  return `${walletKey}_encryption_public_key`;
}

/** The wallet return in `url`, or undefined when the URL is not one (no request id). */
export function readMobileWalletReturn(url: string, walletKey: string): MobileWalletReturn | undefined {
  const parsed = new URL(url);
  const requestId = parsed.searchParams.get(MOBILE_WALLET_REQUEST_PARAM);
  if (!requestId) return undefined;
  const keyParam = encryptionKeyParam(walletKey);
  const read = (name: string) => parsed.searchParams.get(name) ?? undefined;
  const result: MobileWalletReturn = {
    requestId,
    walletEncryptionPublicKey: read(keyParam),
    nonce: read('nonce'),
    data: read('data'),
    errorCode: read('errorCode'),
    errorMessage: read('errorMessage'),
    cleanUrl: '',
  };
  for (const name of [MOBILE_WALLET_REQUEST_PARAM, keyParam, 'nonce', 'data', 'errorCode', 'errorMessage']) parsed.searchParams.delete(name);
  result.cleanUrl = parsed.href;
  return result;
}

/** True when the page was opened by a mobile wallet's return (call `completeReturn` then). */
export function hasMobileWalletReturn(url: string): boolean {
  try {
    return new URL(url).searchParams.has(MOBILE_WALLET_REQUEST_PARAM);
  } catch {
    return false;
  }
}
