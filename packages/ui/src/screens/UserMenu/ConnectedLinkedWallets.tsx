import type { UseUnlinkCredentialReturnType } from '@latchkey/headless/react/social';
import { useWallets, useWalletSignIn } from '@latchkey/headless/react/wallets';
import { useState, type ReactNode } from 'react';
import type { StepUpPromptModel } from '../../flows/MfaDevices/MfaDevicesModel.js';
import { useMessages } from '../../messages/useMessages.js';
import { shortAddress } from './accountName.js';
import { LinkedWallets } from './LinkedWallets.js';

export interface ConnectedLinkedWalletsProps {
  /**
   * The menu's unlink flow for wallets (`useUnlinkCredential()`, loaded with its other flows): with a second factor the
   * server may want one passed first, and the flow asks for it. Until its code has arrived, `useWallets().unlink`.
   */
  unlink?: Pick<UseUnlinkCredentialReturnType, 'status' | 'stepUp' | 'error' | 'unlink' | 'reset'> | undefined;
  /** Renders "Confirm it's you" for that flow's step-up (the menu's prompt, loaded with the flows). */
  stepUpPrompt?: ((stepUp: StepUpPromptModel, subject?: ReactNode) => ReactNode) | undefined;
}

/** The user menu's wallets, wired: `useWallets()` for the list, the menu's unlink flow, and `useWalletSignIn()` to link another. */
export function ConnectedLinkedWallets({ unlink, stepUpPrompt }: ConnectedLinkedWalletsProps) {
  const linked = useWallets();
  const linkFlow = useWalletSignIn();
  // The refusal shown is the last command's: a switch of the primary wallet, or an unlink.
  const [lastUnlink, setLastUnlink] = useState(false);
  // The wallet the step-up is for: named in the prompt and marked in the list.
  const [target, setTarget] = useState<string>();
  const t = useMessages();
  if (linked.wallets.length === 0 && !linked.canLinkMore) return null;
  const unlinking = lastUnlink && unlink !== undefined;
  const targetWallet = unlink?.stepUp ? linked.wallets.find((wallet) => wallet.id === target) : undefined;
  return (
    <LinkedWallets
      wallets={linked.wallets}
      busy={linked.status !== 'idle' || (unlink !== undefined && unlink.status !== 'idle')}
      error={unlinking ? unlink.error : linked.error}
      stepUp={unlink?.stepUp && stepUpPrompt ? stepUpPrompt(unlink.stepUp, targetWallet && t('wallets.unlinkNamed', { address: shortAddress(targetWallet.address) })) : undefined}
      stepUpWalletId={targetWallet?.id}
      canLinkMore={linked.canLinkMore}
      canUnlink={linked.canUnlink}
      linkFlow={linkFlow}
      known={linkFlow.wallets}
      onMakePrimary={(walletId) => {
        setLastUnlink(false);
        linked.switchPrimary(walletId);
      }}
      onUnlink={(walletId) => {
        setLastUnlink(true);
        setTarget(walletId);
        if (unlink) unlink.unlink(walletId);
        else linked.unlink(walletId);
      }}
    />
  );
}
