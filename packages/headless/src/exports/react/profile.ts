'use client';

// @latchkey/headless/react/profile — the profile hook (the form of the kyc and custom fields, onboarding included), on
// its own entry so a host's first chunk does not carry it: the kit's profile and onboarding steps load it lazily.

export {
  UNIQUE_CHECK_DEBOUNCE_MS,
  useProfile,
  type FieldAvailabilityStatus,
  type ProfileStatus,
  type UseProfileParameters,
  type UseProfileReturnType,
} from '../../react/useProfile.js';
