'use client';

// @latchkey/headless/react/email — the e-mail code sign-in hook, on its own entry so a host's first chunk (the
// provider, the session, the button) does not carry the flow; the sign-in dialog loads it lazily.

export { useEmailSignIn, type UseEmailSignInParameters, type UseEmailSignInReturnType } from '../../react/useEmailSignIn.js';
