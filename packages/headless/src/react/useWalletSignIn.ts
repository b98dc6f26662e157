import type { Wallet } from '@wallet-standard/base';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { mobileWalletMachine, mobileWalletStatus, type MobileWalletSnapshot, type MobileWalletStatus } from '../core/machines/mobileWallet/mobileWalletMachine.js';
import type { MobileWallet, MobileWalletBrowser, MobileWalletLinks } from '../core/mobileWallets/createMobileWallet.js';
import { readMobileSignInAttempt } from '../core/mobileWallets/mobileSignInAttempt.js';
import { isPhoneUserAgent } from '../core/mobileWallets/mobileWalletLinksOf.js';
import { hasMobileWalletReturn } from '../core/mobileWallets/readMobileWalletReturn.js';
import { mobileAsWalletStatus, toWalletListEntries, type WalletDevice, type WalletListEntry } from '../core/mobileWallets/walletListEntries.js';
import { walletSignInMachine, walletSignInStatus, type WalletPurpose, type WalletSignInSnapshot, type WalletSignInStatus } from '../core/machines/walletSignIn/walletSignInMachine.js';
import { walletCatalogueUrl, walletMarkUrl, type GetWalletCatalogueOptions } from '../core/wallets/catalogue/getWalletCatalogue.js';
import { getSessionStatus } from '../core/machines/session/sessionStatus.js';
import type { SessionSnapshot } from '../core/machines/session/sessionMachine.js';
import type { SolanaSigner } from '../core/signer/SolanaSigner.js';
import { createWalletConnector, type WalletConnector } from '../core/wallets/connector/createWalletConnector.js';
import type { WalletConnectionMode } from '../core/wallets/standard/features.js';
import { listWalletOptions } from '../core/wallets/standard/solanaWallets.js';
import { currentWallets, watchRegisteredWallets, type WalletRegistry } from '../core/wallets/standard/watchRegisteredWallets.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useLatchkey } from './useLatchkey.js';
import { useSessionSelector } from './useSessionSelector.js';
import { useWalletCatalogue } from './useWalletCatalogue.js';
import { importWhenOnline } from '../core/loading/importWhenOnline.js';

export interface UseWalletSignInParameters {
  /** connect-only or connect-and-sign (default). */
  mode?: WalletConnectionMode;
  /** The wallet-standard registry (default `getWallets()`). */
  registry?: WalletRegistry;
  catalogue?: GetWalletCatalogueOptions;
  /** The page the message names; default `window.location`. */
  page?: () => { domain: string; uri: string };
  /** Where the list is shown: on a `phone` mobile wallets open by link, on a `desktop` by QR code. Default: by user agent. */
  device?: WalletDevice;
  /** The page features the redirect wallets use (navigation, address bar); default the real `window`. */
  mobileBrowser?: MobileWalletBrowser;
  /**
   * Finish a redirect wallet's return found in the address bar when mounted (one hook per client does). A link's
   * return waits for a signed-in session (restored, or signed in again) and is left alone until then. Default true.
   */
  completeMobileReturnOnMount?: boolean;
}

export interface UseWalletSignInReturnType {
  status: WalletSignInStatus;
  /**
   * The wallet list: installed first, with how each row connects on this device (`connectVia`: the injected wallet, a
   * phone's redirect or in-app-browser link, a desktop's QR code of that link, or an install link).
   */
  wallets: WalletListEntry[];
  /** The redirect wallet's own step while a sign-in over the redirect runs (`idle` otherwise). */
  mobileStatus: MobileWalletStatus;
  /** The wallet of the attempt under way (or connected). */
  walletKey: string | undefined;
  address: string | undefined;
  purpose: WalletPurpose;
  /** e.g. USER_REJECTED, MESSAGE_SIGNATURE_DENIED, address_not_approved; `merge_accounts_confirmation` / `reassign_wallet_confirm` in `confirming`. */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /** The connected wallet as a `SolanaSigner` (for `useSendTransaction`), while connected; undefined otherwise. */
  signer: SolanaSigner | undefined;
  /** Connects the wallet and (connect-and-sign) signs in with it. */
  connect(walletKey: string): void;
  /** Links the wallet to the signed-in user. */
  link(walletKey: string): void;
  /** Confirms the merge or transfer asked for in `confirming`. */
  confirm(): void;
  disconnect(): void;
  cancel(): void;
  reset(): void;
}

/** How long auto-reconnect waits for the stored wallet to register. */
const RECONNECT_WAIT_MS = 3000;

const selectContext = (snapshot: WalletSignInSnapshot) => snapshot.context;
const selectBusy = (snapshot: WalletSignInSnapshot) => snapshot.hasTag('busy');
const selectMobileStatus = (snapshot: MobileWalletSnapshot) => mobileWalletStatus(snapshot);
const selectMobileContext = (snapshot: MobileWalletSnapshot) => snapshot.context;
const selectSignedIn = (snapshot: SessionSnapshot) => getSessionStatus(snapshot) === 'signedIn';

/** Return URLs a hook of this store already took: two wallet lists on one page finish a return once. */
const claimedReturns = new WeakMap<object, Set<string>>();
function claimReturn(owner: object, url: string): boolean {
  const claimed = claimedReturns.get(owner) ?? new Set<string>();
  claimedReturns.set(owner, claimed);
  if (claimed.has(url)) return false;
  claimed.add(url);
  return true;
}

function defaultBrowser(): MobileWalletBrowser {
  return {
    currentUrl: () => globalThis.location.href,
    redirect: (url) => globalThis.location.assign(url),
    replaceUrl: (url) => globalThis.history.replaceState(globalThis.history.state, '', url),
  };
}

/** The redirect protocol's code (the NaCl box) loads when a redirect wallet is first used, not with the list. */
const loadMobileWallet = () => importWhenOnline(() => import('../core/mobileWallets/createMobileWallet.js'));

/** Wallet discovery (late registration included) and sign-in / linking with a wallet-standard Solana wallet. */
export function useWalletSignIn(parameters: UseWalletSignInParameters = {}): UseWalletSignInReturnType {
  const client = useLatchkeyClient();
  const mode = parameters.mode ?? 'connect-and-sign';
  const { catalogue } = useWalletCatalogue(parameters.catalogue);
  // Read at once (not after an effect): the auto-reconnect at mount needs the wallets already registered.
  const [registered, setRegistered] = useState<readonly Wallet[]>(() => currentWallets(parameters.registry));
  useEffect(() => watchRegisteredWallets(setRegistered, parameters.registry), [parameters.registry]);
  const browser = useMemo(() => parameters.mobileBrowser ?? defaultBrowser(), [parameters.mobileBrowser]);
  const device = parameters.device ?? (typeof navigator !== 'undefined' && isPhoneUserAgent(navigator.userAgent) ? 'phone' : 'desktop');
  const pageUrl = typeof window === 'undefined' && !parameters.mobileBrowser ? '' : browser.currentUrl();
  // Marks of wallets that are not installed: the catalogue's icon set, served beside the catalogue.
  const catalogueUrl = walletCatalogueUrl(client, parameters.catalogue);
  const markUrlOf = useCallback((spriteId: string | undefined) => walletMarkUrl(catalogueUrl, spriteId), [catalogueUrl]);
  // `sdk.disabledWalletConnectors`: the project's switched-off wallets (catalogue keys) are not offered, installed or not.
  const { settings } = useLatchkey();
  const disabled = settings?.sdk.disabledWalletConnectors;
  const wallets = useMemo(() => {
    const off = new Set(disabled ?? []);
    const options = listWalletOptions(registered, catalogue, mode, markUrlOf).filter((option) => !off.has(option.key));
    return toWalletListEntries(options, device, pageUrl);
  }, [registered, catalogue, mode, markUrlOf, device, pageUrl, disabled]);
  const walletsRef = useRef(wallets);
  walletsRef.current = wallets;

  // Auto-reconnect may start before the stored wallet registers: wait for it, at most RECONNECT_WAIT_MS.
  const waiters = useRef(new Set<() => void>());
  useEffect(() => {
    for (const wake of [...waiters.current]) wake();
  }, [wallets]);
  const findConnector = (key: string): Promise<WalletConnector | undefined> =>
    new Promise((resolve) => {
      const look = () => {
        const option = walletsRef.current.find((entry) => entry.key === key && entry.wallet);
        if (!option?.wallet) return false;
        finish(createWalletConnector(option.wallet, option.key, { hardwareWallet: option.hardwareWallet }));
        return true;
      };
      const finish = (connector: WalletConnector | undefined) => {
        waiters.current.delete(wake);
        clearTimeout(timer);
        resolve(connector);
      };
      const wake = () => void look();
      const timer = setTimeout(() => finish(undefined), RECONNECT_WAIT_MS);
      if (!look()) waiters.current.add(wake);
    });
  const actor = useActorRef(walletSignInMachine, { input: { client, findConnector, ...(parameters.page ? { page: parameters.page } : {}) } });
  const walletStatus = useSelector(actor, walletSignInStatus);
  const context = useSelector(actor, selectContext);
  const walletBusy = useSelector(actor, selectBusy);

  // Sign-in (or link) over the redirect: its own machine; the attempt and its wallet come back from storage.
  const mobileActor = useActorRef(mobileWalletMachine, { input: { client, ...(parameters.page ? { page: parameters.page } : {}) } });
  const mobileStatus = useSelector(mobileActor, selectMobileStatus);
  const mobileContext = useSelector(mobileActor, selectMobileContext);
  const createMobile = useMemo(
    () => async (links: MobileWalletLinks): Promise<MobileWallet> => (await loadMobileWallet()).createMobileWallet({ wallet: links, storage: client.storage, browser }),
    [client, browser],
  );
  const completeOnMount = parameters.completeMobileReturnOnMount ?? true;
  // A link belongs to the signed-in user: its return is taken once the session is (a restore, or a new sign-in).
  const signedIn = useSessionSelector(client.session, selectSignedIn);
  useEffect(() => {
    const url = browser.currentUrl();
    const attempt = readMobileSignInAttempt(client.storage);
    if (!completeOnMount || !attempt || !hasMobileWalletReturn(url)) return;
    if (attempt.purpose === 'link' && !signedIn) return;
    if (!claimReturn(client.storage, url)) return;
    void createMobile(attempt.links).then((mobileWallet) => mobileActor.send({ type: 'user.completeReturn', mobileWallet }));
  }, [client, browser, completeOnMount, createMobile, mobileActor, signedIn]);
  const mobileShown = mobileAsWalletStatus(mobileStatus);
  const status = mobileShown ?? walletStatus;
  const isBusy = mobileShown ? mobileShown === 'connecting' || mobileShown === 'signing' : walletBusy;

  const commands = useMemo(() => {
    const start = (walletKey: string, purpose: 'signIn' | 'link') => {
      const option = walletsRef.current.find((entry) => entry.key === walletKey);
      if (!option) return;
      if (mobileAsWalletStatus(mobileWalletStatus(mobileActor.getSnapshot()))) mobileActor.send({ type: 'user.reset' });
      if (option.connectVia === 'mobileRedirect' && option.mobile?.links) {
        void createMobile(option.mobile.links).then((mobileWallet) => mobileActor.send({ type: 'user.signIn', mobileWallet, purpose }));
        return;
      }
      if (option.connectVia === 'mobileBrowse' && option.mobileUrl) return browser.redirect(option.mobileUrl);
      if (!option.wallet) return;
      const connector = createWalletConnector(option.wallet, option.key, { hardwareWallet: option.hardwareWallet });
      actor.send({ type: 'user.connect', connector, mode: purpose === 'link' ? 'connect-and-sign' : mode, purpose, hardwareWallet: option.hardwareWallet });
    };
    const mobileUnderWay = () => mobileAsWalletStatus(mobileWalletStatus(mobileActor.getSnapshot())) !== undefined;
    return {
      connect: (walletKey: string) => start(walletKey, 'signIn'),
      link: (walletKey: string) => start(walletKey, 'link'),
      confirm: () => actor.send({ type: 'user.confirm' }),
      disconnect: () => actor.send({ type: 'user.disconnect' }),
      cancel: () => (mobileUnderWay() ? mobileActor.send({ type: 'user.cancel' }) : actor.send({ type: 'user.cancel' })),
      reset: () => {
        mobileActor.send({ type: 'user.reset' });
        actor.send({ type: 'user.reset' });
      },
    };
  }, [actor, mobileActor, mode, createMobile, browser]);

  const signer = useMemo(() => {
    if ((walletStatus !== 'connected' && walletStatus !== 'done') || !context.connector) return undefined;
    try {
      return context.connector.signer();
    } catch {
      return undefined; // connected without an account: nothing can sign
    }
  }, [walletStatus, context.connector]);
  return useMemo(() => {
    if (mobileShown) {
      const purpose: WalletPurpose = mobileContext.purpose === 'link' ? 'link' : 'signIn';
      return { status, mobileStatus, wallets, walletKey: mobileContext.mobileWallet?.wallet.key, address: mobileContext.address, purpose, error: mobileContext.error, isBusy, signer, ...commands };
    }
    return { status, mobileStatus, wallets, walletKey: context.connector?.key, address: context.address, purpose: context.purpose, error: context.error, isBusy, signer, ...commands };
  }, [status, mobileStatus, mobileShown, mobileContext, wallets, context, isBusy, signer, commands]);
}
