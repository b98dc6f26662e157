import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  mobileWalletMachine,
  mobileWalletStatus,
  type MobileWalletSignature,
  type MobileWalletSnapshot,
  type MobileWalletStatus,
} from '../core/machines/mobileWallet/mobileWalletMachine.js';
import { createMobileWallet, createMobileWalletBrowser, type MobileWalletBrowser, type MobileWalletLinks } from '../core/mobileWallets/createMobileWallet.js';
import { createMobileWalletSigner } from '../core/mobileWallets/createMobileWalletSigner.js';
import { encodeBase58 } from '../core/mobileWallets/deepLinkCrypto.js';
import { hasMobileWalletReturn } from '../core/mobileWallets/readMobileWalletReturn.js';
import type { SolanaSigner } from '../core/signer/SolanaSigner.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseMobileWalletParameters {
  /** The redirect wallet's links (from its catalogue entry). */
  wallet: MobileWalletLinks;
  /** The dapp URL the wallet shows; default this page's origin. */
  appUrl?: string;
  cluster?: string;
  /** The page features used (navigation, address bar); default the real `window`. */
  browser?: MobileWalletBrowser;
  /** Finish a wallet return found in the address bar when mounted. Default true. */
  completeReturnOnMount?: boolean;
}

export interface UseMobileWalletReturnType {
  status: MobileWalletStatus;
  walletName: string;
  /** The connected address (base58), also while signing and after a refusal. */
  address: string | undefined;
  /** The verified signature the last return brought back (`status === 'signed'`). */
  result: MobileWalletSignature | undefined;
  /** The message signature of `result`, base58 (how Solana writes signatures). */
  signature: string | undefined;
  /** e.g. `user_rejected_request`, `mobile_wallet_return_tampered`, `mobile_wallet_return_replayed`. */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /**
   * The connected wallet as a `SolanaSigner`. Its first call with some bytes leaves for the wallet; after the return
   * the same call with the same bytes resolves with the stored result (see `createMobileWalletSigner`).
   */
  signer: SolanaSigner | undefined;
  connect(): void;
  /** A string is signed as its UTF-8 bytes. */
  signMessage(message: Uint8Array | string): void;
  signTransaction(transaction: Uint8Array): void;
  disconnect(): void;
  /**
   * While the page waits on the wallet (`redirecting`, `signing`) and it never left or came back unanswered: back to
   * where it was, the request dropped (a late reply to it is refused).
   */
  cancel(): void;
  reset(): void;
  /** The link that opens `url` (default this page) in the wallet's in-app browser. */
  browseUrl(url?: string): string;
}

const selectStatus = (snapshot: MobileWalletSnapshot) => mobileWalletStatus(snapshot);
const selectAddress = (snapshot: MobileWalletSnapshot) => snapshot.context.address;
const selectResult = (snapshot: MobileWalletSnapshot) => snapshot.context.result;
const selectError = (snapshot: MobileWalletSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: MobileWalletSnapshot) => snapshot.hasTag('busy');

/**
 * A mobile redirect wallet (deep links): connect, sign a message or a transaction, disconnect. Each request leaves
 * the page; when the wallet sends the user back, the hook (mounted again on the new page) finishes the return and
 * reports `connected`, `signed` (with `result`), `rejected` or `failed`.
 */
export function useMobileWallet(parameters: UseMobileWalletParameters): UseMobileWalletReturnType {
  const client = useLatchkeyClient();
  const { wallet } = parameters;
  const browser = useMemo(() => parameters.browser ?? createMobileWalletBrowser(), [parameters.browser]);
  const mobileWallet = useMemo(
    () => createMobileWallet({ wallet, storage: client.storage, browser, appUrl: parameters.appUrl, cluster: parameters.cluster }),
    // The links are data: a new object with the same values is the same wallet.
    [client, browser, wallet.key, wallet.universal, wallet.inAppBrowser, wallet.name, parameters.appUrl, parameters.cluster],
  );
  const actor = useActorRef(mobileWalletMachine, { input: { mobileWallet } });
  const status = useSelector(actor, selectStatus);
  const address = useSelector(actor, selectAddress);
  const result = useSelector(actor, selectResult);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const completeOnMount = parameters.completeReturnOnMount ?? true;
  useEffect(() => {
    if (completeOnMount && hasMobileWalletReturn(browser.currentUrl())) actor.send({ type: 'user.completeReturn' });
  }, [actor, browser, completeOnMount]);
  const signature = useMemo(() => (result?.kind === 'signMessage' ? encodeBase58(result.signature) : undefined), [result]);
  const signer = useMemo(() => (address ? createMobileWalletSigner(mobileWallet) : undefined), [address, mobileWallet]);
  const commands = useMemo(
    () => ({
      connect: () => actor.send({ type: 'user.connect' }),
      signMessage: (message: Uint8Array | string) =>
        actor.send({ type: 'user.signMessage', message: typeof message === 'string' ? new TextEncoder().encode(message) : message }),
      signTransaction: (transaction: Uint8Array) => actor.send({ type: 'user.signTransaction', transaction }),
      disconnect: () => actor.send({ type: 'user.disconnect' }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
      browseUrl: (url?: string) => mobileWallet.browseUrl(url ?? browser.currentUrl()),
    }),
    [actor, mobileWallet, browser],
  );
  return useMemo(
    () => ({ status, walletName: wallet.name, address, result, signature, error, isBusy, signer, ...commands }),
    [status, wallet.name, address, result, signature, error, isBusy, signer, commands],
  );
}
