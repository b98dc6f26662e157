import { vi } from 'vitest';
import type { MfaChallengeFlow } from '../flows/MfaChallenge/MfaChallengeView.js';
import type { MfaDevicesFlow } from '../flows/MfaDevices/MfaDevicesView.js';
import type { MfaEnrolmentFlow } from '../flows/MfaEnrolment/MfaEnrolmentView.js';
import { mfaChallengeFlowModel, mfaDevicesFlowModel, mfaEnrolmentFlowModel } from './flowModels.js';

/** Fixed MFA flow view models with `vi.fn()` commands, for rendering one state. */
export const fakeMfaChallengeFlow = (overrides: Partial<MfaChallengeFlow> = {}): MfaChallengeFlow => mfaChallengeFlowModel(() => vi.fn(), overrides);
export const fakeMfaEnrolmentFlow = (overrides: Partial<MfaEnrolmentFlow> = {}): MfaEnrolmentFlow => mfaEnrolmentFlowModel(() => vi.fn(), overrides);
export const fakeMfaDevicesFlow = (overrides: Partial<MfaDevicesFlow> = {}): MfaDevicesFlow => mfaDevicesFlowModel(() => vi.fn(), overrides);

export {
  mfaDeviceNotFoundError,
  mfaInvalidCodeError,
  mfaNothingToAcknowledgeError,
  mfaTooManyError,
  notSupportedError,
  passkeyMfaDevice,
  sampleMfaDevices,
  sampleRecoveryCodes,
  totpRegistration,
} from './flowModels.js';
