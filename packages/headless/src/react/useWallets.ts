import type { User } from '@latchkey/protocol';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import { selectPrimaryWallet } from '../core/actions/selectPrimaryWallet.js';
import { unlinkCredential } from '../core/actions/unlinkCredential.js';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import { toLatchkeyErrorSync } from '../core/errors/toLatchkeyError.js';
import type { SessionSnapshot } from '../core/machines/session/sessionMachine.js';
import { useLatchkey } from './useLatchkey.js';

export type LinkedWallet = User['verifiedCredentials'][number] & { address: string };

export interface UseWalletsReturnType {
  status: 'idle' | 'switching' | 'unlinking';
  /** The user's wallets, the primary one first. */
  wallets: LinkedWallet[];
  primaryWallet: LinkedWallet | undefined;
  /** `sdk.multiWallet`: linking another wallet is allowed. */
  canLinkMore: boolean;
  /** Unlinking is allowed (not `sdk.multiWalletUnlinkDisabled`, and never the only credential). */
  canUnlink: boolean;
  error: LatchkeyError | undefined;
  /** Makes `walletId` the primary wallet (PUT /users/wallets/selection); a failure lands in `error`. */
  switchPrimary(walletId: string): void;
  /** `switchPrimary`, awaitable; it resolves once done (a failure is still in `error`). */
  switchPrimaryAsync(walletId: string): Promise<void>;
  /** Unlinks the wallet (never the embedded wallet, never the last credential); a failure lands in `error`. */
  unlink(walletId: string): void;
  unlinkAsync(walletId: string): Promise<void>;
}

const selectUser = (snapshot: SessionSnapshot) => (snapshot.matches('signedIn') ? snapshot.context.user : undefined);

/** The primary wallet is the one selected last (`lastSelectedAt`). */
function linkedWallets(user: User | undefined): LinkedWallet[] {
  const wallets = (user?.verifiedCredentials ?? []).filter((credential): credential is LinkedWallet => credential.format === 'blockchain' && typeof credential.address === 'string');
  return [...wallets].sort((a, b) => (b.lastSelectedAt ? Date.parse(b.lastSelectedAt) : 0) - (a.lastSelectedAt ? Date.parse(a.lastSelectedAt) : 0));
}

/** The signed-in user's linked wallets: primary, switch primary (PUT /users/wallets/selection), unlink. */
export function useWallets(): UseWalletsReturnType {
  const { client, settings } = useLatchkey();
  const user = useSelector(client.session, selectUser);
  const [state, setState] = useState<{ status: UseWalletsReturnType['status']; error: LatchkeyError | undefined }>({ status: 'idle', error: undefined });
  const wallets = useMemo(() => linkedWallets(user), [user]);
  const canUnlink = settings?.sdk.multiWalletUnlinkDisabled !== true && (user?.verifiedCredentials.length ?? 0) > 1;

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
      run('unlinking', async () => client.session.send({ type: 'server.signedIn', response: await unlinkCredential(client, { verifiedCredentialId: walletId }) }));
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
