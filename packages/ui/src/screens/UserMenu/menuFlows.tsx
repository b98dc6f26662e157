import { useDeleteAccount, type UseDeleteAccountReturnType } from '@latchkey/headless/react/account';
import { useMfaDevices, useMfaEnrolment, type UseMfaDevicesReturnType, type UseMfaEnrolmentReturnType } from '@latchkey/headless/react/mfa';
import { usePasskeyManager, type UsePasskeyManagerReturnType } from '@latchkey/headless/react/passkey';
import { useSocialSignIn, useUnlinkCredential, type UseSocialSignInReturnType, type UseUnlinkCredentialReturnType } from '@latchkey/headless/react/social';
import { useEffect } from 'react';
import { MfaDevicesView } from '../../flows/MfaDevices/MfaDevicesView.js';
import { MfaEnrolmentView } from '../../flows/MfaEnrolment/MfaEnrolmentView.js';
import { PasskeyManagerView } from '../../flows/PasskeyManager/PasskeyManagerView.js';

// "Confirm it's you" for an unlink or the account's deletion the server refused until a second factor (the Account and
// Wallets views show it).
export { StepUpPrompt } from '../../flows/MfaDevices/StepUpPrompt.js';

// The user menu's flows — the passkey, MFA and social-link machines and xstate — in one chunk that opening the menu
// does not wait for. One module, so the page gets one more chunk rather than several (each lazy entry also splits the
// chunks it shares with the first load).

/** The flows the signed-in menu drives. */
export interface MenuFlows {
  social: UseSocialSignInReturnType;
  passkeys: UsePasskeyManagerReturnType;
  mfaEnrolment: UseMfaEnrolmentReturnType;
  mfaDevices: UseMfaDevicesReturnType;
  /** Unlinking a social account, with the step-up the server may ask for. */
  unlink: UseUnlinkCredentialReturnType;
  /** Unlinking a wallet (the Wallets view), the same flow on its own. */
  unlinkWallet: UseUnlinkCredentialReturnType;
  /** Deleting the account (under the profile form), with its step-up. */
  deleteAccount: UseDeleteAccountReturnType;
}

export interface MenuFlowsHostProps {
  /** Receives the flows on mount and after every change of their state. */
  onChange: (flows: MenuFlows) => void;
}

/**
 * Runs the menu's flows beside the menu while the user is signed in, so their state outlives a view or the menu
 * closing (an authenticator-app enrolment half done, a link's popup). Renders nothing.
 */
export function MenuFlowsHost({ onChange }: MenuFlowsHostProps) {
  // Linking opens a popup from the menu; a redirect return is finished by the sign-in dialog.
  const social = useSocialSignIn({ completeRedirectOnMount: false });
  const passkeys = usePasskeyManager();
  const mfaEnrolment = useMfaEnrolment();
  const mfaDevices = useMfaDevices();
  const unlink = useUnlinkCredential();
  const unlinkWallet = useUnlinkCredential();
  const deleteAccount = useDeleteAccount();
  useEffect(
    () => onChange({ social, passkeys, mfaEnrolment, mfaDevices, unlink, unlinkWallet, deleteAccount }),
    [social, passkeys, mfaEnrolment, mfaDevices, unlink, unlinkWallet, deleteAccount, onChange],
  );
  return null;
}

export interface SecurityViewsProps {
  flows: MenuFlows;
  /** The project offers passkeys (`security.enablePasskeys`). */
  passkeys: boolean;
  /** The project offers two-step sign-in (`security.mfa.enabled`). */
  mfa: boolean;
}

/** The Security view's passkeys and two-step sign-in; their lists load when the view first opens. */
export function SecurityViews({ flows, passkeys, mfa }: SecurityViewsProps) {
  return (
    <>
      {passkeys ? <PasskeyManagerView flow={flows.passkeys} /> : null}
      {mfa ? (
        <>
          <MfaEnrolmentView flow={flows.mfaEnrolment} />
          <MfaDevicesView flow={flows.mfaDevices} />
        </>
      ) : null}
    </>
  );
}
