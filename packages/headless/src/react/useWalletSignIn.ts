import type { Wallet } from '@wallet-standard/base';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { walletSignInMachine, walletSignInStatus, type WalletPurpose, type WalletSignInSnapshot, type WalletSignInStatus } from '../core/machines/walletSignIn/walletSignInMachine.js';
import type { GetWalletCatalogueOptions } from '../core/wallets/catalogue/getWalletCatalogue.js';
import type { SolanaSigner } from '../core/signer/SolanaSigner.js';
import { createWalletConnector, type WalletConnector } from '../core/wallets/connector/createWalletConnector.js';
import type { WalletConnectionMode } from '../core/wallets/standard/features.js';
import { listWalletOptions, type WalletOption } from '../core/wallets/standard/solanaWallets.js';
import { currentWallets, watchRegisteredWallets, type WalletRegistry } from '../core/wallets/standard/watchRegisteredWallets.js';
import { useLatchkeyClient } from './LatchkeyContext.js';
import { useWalletCatalogue } from './useWalletCatalogue.js';

export interface UseWalletSignInParameters {
  /** connect-only or connect-and-sign (default). */
  mode?: WalletConnectionMode;
  /** The wallet-standard registry (default `getWallets()`). */
  registry?: WalletRegistry;
  catalogue?: GetWalletCatalogueOptions;
  /** The page the message names; default `window.location`. */
  page?: () => { domain: string; uri: string };
}

export interface UseWalletSignInReturnType {
  status: WalletSignInStatus;
  /** The wallet list: installed first, with install links for the others. */
  wallets: WalletOption[];
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

/** Wallet discovery (late registration included) and sign-in / linking with a wallet-standard Solana wallet. */
export function useWalletSignIn(parameters: UseWalletSignInParameters = {}): UseWalletSignInReturnType {
  const client = useLatchkeyClient();
  const mode = parameters.mode ?? 'connect-and-sign';
  const { catalogue } = useWalletCatalogue(parameters.catalogue);
  // Read at once (not after an effect): the auto-reconnect at mount needs the wallets already registered.
  const [registered, setRegistered] = useState<readonly Wallet[]>(() => currentWallets(parameters.registry));
  useEffect(() => watchRegisteredWallets(setRegistered, parameters.registry), [parameters.registry]);
  const wallets = useMemo(() => listWalletOptions(registered, catalogue, mode), [registered, catalogue, mode]);
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
        finish(createWalletConnector(option.wallet, option.key));
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
  const status = useSelector(actor, walletSignInStatus);
  const context = useSelector(actor, selectContext);
  const isBusy = useSelector(actor, selectBusy);

  const commands = useMemo(() => {
    const start = (walletKey: string, purpose: 'signIn' | 'link') => {
      const option = walletsRef.current.find((entry) => entry.key === walletKey);
      if (!option?.wallet) return;
      actor.send({ type: 'user.connect', connector: createWalletConnector(option.wallet, option.key), mode: purpose === 'link' ? 'connect-and-sign' : mode, purpose, hardwareWallet: option.hardwareWallet });
    };
    return {
      connect: (walletKey: string) => start(walletKey, 'signIn'),
      link: (walletKey: string) => start(walletKey, 'link'),
      confirm: () => actor.send({ type: 'user.confirm' }),
      disconnect: () => actor.send({ type: 'user.disconnect' }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    };
  }, [actor, mode]);

  const signer = useMemo(() => {
    if ((status !== 'connected' && status !== 'done') || !context.connector) return undefined;
    try {
      return context.connector.signer();
    } catch {
      return undefined; // connected without an account: nothing can sign
    }
  }, [status, context.connector]);
  return useMemo(
    () => ({ status, wallets, walletKey: context.connector?.key, address: context.address, purpose: context.purpose, error: context.error, isBusy, signer, ...commands }),
    [status, wallets, context, isBusy, signer, commands],
  );
}
