// @latchkey/headless/react — the provider and the hooks (view models; no xstate in sight).

export { LatchkeyProvider, type LatchkeyProviderProps } from './LatchkeyProvider.js';
export { useEmailSignIn, type UseEmailSignInParameters, type UseEmailSignInReturnType } from './useEmailSignIn.js';
export { useMfa, type UseMfaReturnType } from './useMfa.js';
export { usePasskey, type UsePasskeyReturnType } from './usePasskey.js';
export { useLatchkey, type UseLatchkeyReturnType } from './useLatchkey.js';
export { useSmsSignIn, type UseSmsSignInParameters, type UseSmsSignInReturnType } from './useSmsSignIn.js';
export { useSession, type UseSessionReturnType } from './useSession.js';
export { useUser, type UserStatus, type UseUserReturnType } from './useUser.js';
// Social sign-in hooks live on `@latchkey/headless/react/social`: the sign-in dialog loads them lazily.
