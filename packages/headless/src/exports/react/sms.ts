'use client';

// @latchkey/headless/react/sms — the SMS code sign-in hook, on its own entry so a host's first chunk (the provider,
// the session, the button) does not carry the flow; the sign-in dialog loads it lazily.

export { useSmsSignIn, type UseSmsSignInParameters, type UseSmsSignInReturnType } from '../../react/useSmsSignIn.js';
