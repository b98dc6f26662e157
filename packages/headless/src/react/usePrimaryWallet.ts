import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { embeddedAccountOf, type EmbeddedWalletAccount } from '../core/embedded/embeddedAccount.js';
import type { SessionSnapshot } from '../core/machines/session/sessionMachine.js';
import { useLatchkey } from './useLatchkey.js';
import { useWallets, type LinkedWallet } from './useWallets.js';

export interface UsePrimaryWalletParameters {
  /** The host set up embedded wallets (a custody URL): a user without a wallet may be offered one. */
  embeddedWalletsConfigured?: boolean;
}

export interface UsePrimaryWalletReturnType {
  /**
   * Which wallet the user acts with: `embedded` (their custody-backed wallet, or one the project offers to create),
   * `external` (a wallet they connected, selected last), or `none`.
   */
  kind: 'embedded' | 'external' | 'none';
  /** The primary linked wallet (selected last), if any. */
  wallet: LinkedWallet | undefined;
  /** The user's embedded wallet, if they have one. */
  embedded: EmbeddedWalletAccount | undefined;
}

const selectUser = (snapshot: SessionSnapshot) => (snapshot.matches('signedIn') ? snapshot.context.user : undefined);

/**
 * The signed-in user's primary wallet and what kind it is. The embedded wallet is primary when it is the wallet
 * selected last, or when the user has no wallet and the project enables embedded wallets (and the host configured
 * them): then it can be created. Otherwise the external wallet selected last is primary.
 */
export function usePrimaryWallet({ embeddedWalletsConfigured = false }: UsePrimaryWalletParameters = {}): UsePrimaryWalletReturnType {
  const { client, settings } = useLatchkey();
  const user = useSelector(client.session, selectUser);
  const { primaryWallet } = useWallets();
  // The project gives users embedded Solana wallets (`sdk.embeddedWallets.chainConfigurations`).
  const enabled = settings?.sdk.embeddedWallets?.chainConfigurations?.some((chain) => chain.name === 'SOL' && chain.enabled) === true;
  return useMemo(() => {
    const embedded = embeddedAccountOf(user);
    const primaryIsEmbedded = primaryWallet === undefined || (embedded !== undefined && primaryWallet.id === embedded.id);
    if (primaryIsEmbedded && embeddedWalletsConfigured && (embedded !== undefined || enabled)) return { kind: 'embedded', wallet: primaryWallet, embedded };
    if (primaryWallet && !primaryIsEmbedded) return { kind: 'external', wallet: primaryWallet, embedded };
    return { kind: 'none', wallet: primaryWallet, embedded };
  }, [user, primaryWallet, embeddedWalletsConfigured, enabled]);
}
