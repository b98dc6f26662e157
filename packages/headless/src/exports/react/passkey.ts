'use client';

// @latchkey/headless/react/passkey — the passkeys hook, on its own entry so a host's first chunk (the provider, the
// session, the button) does not carry the flow; the sign-in dialog loads it lazily.

export { usePasskey, type UsePasskeyReturnType } from '../../react/usePasskey.js';
