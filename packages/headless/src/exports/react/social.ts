'use client';

// @latchkey/headless/react/social — social sign-in hooks, on their own entry so a host's first chunk
// (the provider, the session, the button) does not carry them; the sign-in dialog loads them lazily.

export { useSocialSignIn, type UseSocialSignInParameters, type UseSocialSignInReturnType } from '../../react/useSocialSignIn.js';
export { useTelegramSignIn, type UseTelegramSignInReturnType } from '../../react/useTelegramSignIn.js';
export { useUnlinkCredential, type UseUnlinkCredentialReturnType } from '../../react/useUnlinkCredential.js';
export type { StepUpPurpose, UseStepUpReturnType } from '../../react/useStepUp.js';
