import type { SignInResponse, VerifyRequest } from '@latchkey/protocol';
import { captchaFields } from '../../captcha/captchaFields.js';
import { base58 } from '@scure/base';
import { getWalletNonce } from '../../actions/getWalletNonce.js';
import { linkWallet } from '../../actions/linkWallet.js';
import { verifyWallet } from '../../actions/verifyWallet.js';
import { LatchkeyError } from '../../errors/LatchkeyError.js';
import type { MobileWallet, MobileWalletResult } from '../../mobileWallets/createMobileWallet.js';
import { MOBILE_SIGN_IN_KEY, readMobileSignInAttempt } from '../../mobileWallets/mobileSignInAttempt.js';
import { createSiwsMessage } from '../../wallets/siws/createSiwsMessage.js';
import type { WalletSignInClient } from '../walletSignIn/walletSignInMachine.js';

export interface MobileSignInPage {
  domain: string;
  uri: string;
}

function attemptOf(client: WalletSignInClient | undefined, mobileWallet: MobileWallet | undefined) {
  const attempt = client ? readMobileSignInAttempt(client.storage) : undefined;
  // Nothing under way for this wallet (cleared, another wallet's): this page cannot sign anyone in.
  if (!client || !mobileWallet || !attempt || attempt.links.key !== mobileWallet.wallet.key) throw new LatchkeyError('mobile_wallet_return_replayed');
  return { client, mobileWallet, attempt };
}

/**
 * The connected redirect wallet is asked to sign a Sign-In-With-Solana message with a fresh nonce from `GET /nonce`.
 * The message is kept with the attempt (the signature comes back to another page load), then the page leaves.
 */
export async function requestSignInSignature(input: {
  client: WalletSignInClient | undefined;
  mobileWallet: MobileWallet | undefined;
  page: MobileSignInPage;
  now: Date;
  statement: string;
}): Promise<void> {
  const { client, mobileWallet, attempt } = attemptOf(input.client, input.mobileWallet);
  const connection = mobileWallet.getConnection();
  if (!connection) throw new LatchkeyError('mobile_wallet_not_connected');
  const nonce = await getWalletNonce(client);
  const messageToSign = createSiwsMessage({ domain: input.page.domain, address: connection.address, statement: input.statement, uri: input.page.uri, nonce, issuedAt: input.now });
  client.storage.set(MOBILE_SIGN_IN_KEY, { ...attempt, messageToSign });
  mobileWallet.signMessage(new TextEncoder().encode(messageToSign));
}

/**
 * The signature the wallet brought back (already verified against the connected address by the protocol layer) goes
 * to `POST /verify` (sign-in) or `POST /verify/link` — only if it signs exactly the message this attempt sent.
 */
export async function verifySignInSignature(input: {
  client: WalletSignInClient | undefined;
  mobileWallet: MobileWallet | undefined;
  result: Exclude<MobileWalletResult, { kind: 'connect' }> | undefined;
}): Promise<SignInResponse> {
  const { client, mobileWallet, attempt } = attemptOf(input.client, input.mobileWallet);
  const connection = mobileWallet.getConnection();
  if (!connection) throw new LatchkeyError('mobile_wallet_not_connected');
  const result = input.result;
  const signed = result?.kind === 'signMessage' ? new TextDecoder().decode(result.message) : undefined;
  if (!result || result.kind !== 'signMessage' || !attempt.messageToSign || signed !== attempt.messageToSign) {
    throw new LatchkeyError('mobile_wallet_return_tampered', { params: { reason: 'the signature is not for the sign-in message this attempt sent' } });
  }
  // The stored copy is read once: this signature is not handed to a signer later.
  mobileWallet.takeResult('signMessage', result.message);
  const body: VerifyRequest = {
    messageToSign: attempt.messageToSign,
    signedMessage: base58.encode(result.signature),
    publicWalletAddress: connection.address,
    chain: 'SOL',
    walletName: mobileWallet.wallet.key,
    walletProvider: 'deepLink',
  };
  if (attempt.purpose === 'link') return linkWallet(client, body);
  return verifyWallet(client, { ...body, ...(await captchaFields(client)) });
}
