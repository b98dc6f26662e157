'use client';

// @latchkey/headless/react/mfa — the multi-factor authentication hooks (the challenge after sign-in, enrolment, device
// management), on their own entry so a host's first chunk (the provider, the session, the button) does not carry the
// flows; the sign-in dialog loads them lazily.

export { useMfaChallenge, type MfaChallengeKind, type UseMfaChallengeParameters, type UseMfaChallengeReturnType } from '../../react/useMfaChallenge.js';
export { useMfaEnrolment, type UseMfaEnrolmentParameters, type UseMfaEnrolmentReturnType } from '../../react/useMfaEnrolment.js';
export { useMfaDevices, type UseMfaDevicesParameters, type UseMfaDevicesReturnType } from '../../react/useMfaDevices.js';
export type { StepUpPurpose, UseStepUpReturnType } from '../../react/useStepUp.js';
