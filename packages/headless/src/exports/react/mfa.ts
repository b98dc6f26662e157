'use client';

// @latchkey/headless/react/mfa — the multi-factor authentication hook, on its own entry so a host's first chunk (the
// provider, the session, the button) does not carry the flow; the sign-in dialog loads it lazily.

export { useMfa, type MfaChallengeKind, type UseMfaReturnType } from '../../react/useMfa.js';
