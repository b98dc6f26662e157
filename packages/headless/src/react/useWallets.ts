import type { User } from '@latchkey/protocol';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { selectPrimaryWallet } from '../core/actions/selectPrimaryWallet.js';
import { unlinkCredential } from '../core/actions/unlinkCredential.js';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../core/errors/toLatchkeyError.js';
import type { SessionSnapshot } from '../core/machines/session/sessionMachine.js';
import { useLatchkey } from './useLatchkey.js';

export type LinkedWallet = User['verifiedCredentials'][number] & {
  address: string;
  /**
   * Whether this wallet may be unlinked: not when unlinking is off (`canUnlink`), and never the kit's own wallets —
   * an embedded (custody) or MPC wallet lives in the account; the server refuses with `linked_embedded_wallet`.
   */
  canUnlink: boolean;
};

type Credential = User['verifiedCredentials'][number];

/** An embedded (custody sub-organization) or MPC wallet: created by the kit for this account, never unlinked. */
export function isAccountWallet(credential: Credential): boolean {
  const properties = credential.wallet_properties;
  return credential.wallet_provider === 'embeddedWallet' || Boolean(properties?.turnkeySubOrganizationId) || properties?.walletType === 'mpc';
}

export interface UseWalletsReturnType {
  status: 'idle' | 'switching' | 'unlinking';
  /** The user's wallets, the primary one first. */
  wallets: LinkedWallet[];
  primaryWallet: LinkedWallet | undefined;
  /** `sdk.multiWallet`: linking another wallet is allowed. */
  canLinkMore: boolean;
  /** Unlinking is allowed (not `sdk.multiWalletUnlinkDisabled`, and never the only credential); per wallet, see `wallets[i].canUnlink`. */
  canUnlink: boolean;
  error: LatchkeyError | undefined;
  /** Makes `walletId` the primary wallet (PUT /users/wallets/selection); a failure lands in `error`. */
  switchPrimary(walletId: string): void;
  /** `switchPrimary`, awaitable; it resolves once done (a failure is still in `error`). */
  switchPrimaryAsync(walletId: string): Promise<void>;
  /**
   * Unlinks the wallet (never the embedded wallet, never the last credential); a failure lands in `error`. A user with a
   * second factor who passed none in the last 5 minutes is refused (403 `mfa_invalid_request`): `useUnlinkCredential`
   * asks for one ("Confirm it's you", its `stepUp`) and unlinks after it — the kit's Wallets view unlinks through it.
   */
  unlink(walletId: string): void;
  unlinkAsync(walletId: string): Promise<void>;
}

const selectUser = (snapshot: SessionSnapshot) => (snapshot.matches('signedIn') ? snapshot.context.user : undefined);

/** The primary wallet is the one selected last (`lastSelectedAt`). */
function linkedWallets(user: User | undefined, canUnlink: boolean): LinkedWallet[] {
  const wallets = (user?.verifiedCredentials ?? [])
    .filter((credential): credential is Credential & { address: string } => credential.format === 'blockchain' && typeof credential.address === 'string')
    .map((credential) => ({ ...credential, canUnlink: canUnlink && !isAccountWallet(credential) }));
  return wallets.sort((a, b) => (b.lastSelectedAt ? Date.parse(b.lastSelectedAt) : 0) - (a.lastSelectedAt ? Date.parse(a.lastSelectedAt) : 0));
}

/** The signed-in user's linked wallets: primary, switch primary (PUT /users/wallets/selection), unlink. */
export function useWallets(): UseWalletsReturnType {
  const { client, settings } = useLatchkey();
  const user = useSelector(client.session, selectUser);
  const [state, setState] = useState<{ status: UseWalletsReturnType['status']; error: LatchkeyError | undefined }>({ status: 'idle', error: undefined });
  const canUnlink = settings?.sdk.multiWalletUnlinkDisabled !== true && (user?.verifiedCredentials.length ?? 0) > 1;
  const wallets = useMemo(() => linkedWallets(user, canUnlink), [user, canUnlink]);

  const run = useCallback(async (status: 'switching' | 'unlinking', work: () => Promise<void>) => {
    setState({ status, error: undefined });
    try {
      await work();
      setState({ status: 'idle', error: undefined });
    } catch (error) {
      setState({ status: 'idle', error: toLatchkeyErrorSync(error) });
    }
  }, []);
  const commands = useMemo(() => {
    const switchPrimaryAsync = (walletId: string) =>
      run('switching', async () => client.session.send({ type: 'server.userUpdated', user: await selectPrimaryWallet(client, { walletId }) }));
    const unlinkAsync = (walletId: string) =>
      run('unlinking', async () => {
        // The kit's own wallets are never unlinked (the server would refuse the same way): no request.
        const credential = client.session.getSnapshot().context.user?.verifiedCredentials.find((entry) => entry.id === walletId);
        if (credential && isAccountWallet(credential)) throw new LatchkeyError('linked_embedded_wallet', { message: 'An embedded wallet cannot be unlinked; delete it instead.', path: 'verifiedCrentialId' });
        client.session.send({ type: 'server.signedIn', response: await unlinkCredential(client, { verifiedCredentialId: walletId }) });
      });
    return {
      switchPrimaryAsync,
      unlinkAsync,
      switchPrimary: (walletId: string) => void switchPrimaryAsync(walletId),
      unlink: (walletId: string) => void unlinkAsync(walletId),
    };
  }, [client, run]);
  return useMemo(
    () => ({ ...state, wallets, primaryWallet: wallets[0], canLinkMore: settings?.sdk.multiWallet === true, canUnlink, ...commands }),
    [state, wallets, settings, canUnlink, commands],
  );
}
