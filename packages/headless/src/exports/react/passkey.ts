'use client';

// @latchkey/headless/react/passkey — the passkey hooks (sign-in, and the signed-in user's passkeys), on their own entry so
// a host's first chunk (the provider, the session, the button) does not carry the flows; the sign-in dialog loads them lazily.

export { usePasskeySignIn, type UsePasskeySignInParameters, type UsePasskeySignInReturnType } from '../../react/usePasskeySignIn.js';
export { usePasskeyManager, type UsePasskeyManagerParameters, type UsePasskeyManagerReturnType } from '../../react/usePasskeyManager.js';
