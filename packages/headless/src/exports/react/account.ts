'use client';

// @latchkey/headless/react/account — deleting the signed-in user's account, with the step-up the server may ask for.
// Its own entry, apart from /react/profile: the profile form needs no xstate, so the user menu opens without it, while
// this hook runs a machine (it loads with the menu's other flows).

export { useDeleteAccount, type UseDeleteAccountReturnType } from '../../react/useDeleteAccount.js';
export type { DeleteAccountStatus } from '../../core/machines/deleteAccount/deleteAccountMachine.js';
export type { StepUpPurpose, UseStepUpReturnType } from '../../react/useStepUp.js';
