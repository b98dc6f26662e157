'use client';

// @latchkey/headless/react — the provider, settings, session and user hooks: what a first paint needs (view
// models; no xstate in sight).

export { LatchkeyProvider, type LatchkeyProviderProps } from '../../react/LatchkeyProvider.js';
export { useLatchkey, type UseLatchkeyReturnType } from '../../react/useLatchkey.js';
export { useLatchkeyEvents, type UseLatchkeyEventsParameters } from '../../react/useLatchkeyEvents.js';
export { useSession, type SignOutOptions, type UseSessionReturnType } from '../../react/useSession.js';
export { useUser, type UserStatus, type UseUserReturnType } from '../../react/useUser.js';
export { needsOnboarding, requiredFieldsMissing } from '../../core/profile/profileFields.js';
// Each flow's hook lives on its own entry, loaded lazily by the sign-in dialog:
// `@latchkey/headless/react/email`, `/sms`, `/passkey`, `/mfa`, `/social` (with Telegram); the profile form's on
// `/profile` (a static import of it here put it in the first chunk even when unused).
