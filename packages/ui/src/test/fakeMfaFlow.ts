import { vi } from 'vitest';
import type { MfaChallengeFlowModel } from '../flows/MfaChallenge/MfaChallengeModel.js';
import type { MfaDevicesFlowModel, StepUpPromptModel } from '../flows/MfaDevices/MfaDevicesModel.js';
import type { MfaEnrolmentFlowModel } from '../flows/MfaEnrolment/MfaEnrolmentModel.js';
import { mfaChallengeFlowModel, mfaDevicesFlowModel, mfaEnrolmentFlowModel, stepUpModel } from './flowModels.js';

/** Fixed MFA flow view models with `vi.fn()` commands, for rendering one state. */
export const fakeMfaChallengeFlow = (overrides: Partial<MfaChallengeFlowModel> = {}): MfaChallengeFlowModel => mfaChallengeFlowModel(() => vi.fn(), overrides);
export const fakeMfaEnrolmentFlow = (overrides: Partial<MfaEnrolmentFlowModel> = {}): MfaEnrolmentFlowModel => mfaEnrolmentFlowModel(() => vi.fn(), overrides);
export const fakeMfaDevicesFlow = (overrides: Partial<MfaDevicesFlowModel> = {}): MfaDevicesFlowModel => mfaDevicesFlowModel(() => vi.fn(), overrides);

export {
  mfaDeviceNotFoundError,
  mfaInvalidCodeError,
  mfaNothingToAcknowledgeError,
  mfaTooManyError,
  notSupportedError,
  passkeyMfaDevice,
  sampleMfaDevices,
  sampleRecoveryCodes,
  totpMfaDevice,
  totpRegistration,
} from './flowModels.js';

/** "Confirm it's you" as a flow's `stepUp`, with `vi.fn()` commands. */
export const fakeStepUp = (overrides: Partial<StepUpPromptModel> = {}): StepUpPromptModel => stepUpModel(() => vi.fn(), overrides);
export { lastRequiredDeviceError, stepUpRequiredError } from './flowModels.js';
