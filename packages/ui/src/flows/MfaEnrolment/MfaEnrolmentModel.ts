import type { UseMfaEnrolmentReturnType } from '@latchkey/headless/react/mfa';
import type { StepUpPromptModel } from '../MfaDevices/MfaDevicesModel.js';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `MfaEnrolmentView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** What the enrolment view takes from `useMfaEnrolment()`: its own type, the members used (a fixed one in stories). */
export type MfaEnrolmentFlowModel = FlowModel<Pick<
  UseMfaEnrolmentReturnType,
  | 'status'
  | 'methods'
  | 'registration'
  | 'device'
  | 'recoveryCodes'
  | 'error'
  | 'isBusy'
  | 'startEnrolment'
  | 'submitEnrolmentCode'
  | 'registerPasskey'
  | 'loadRecoveryCodes'
  | 'acknowledgeRecoveryCodes'
  | 'cancel'
>> & {
  /** While a second device or the first recovery codes wait for "Confirm it's you" (optional: a model without it never asks). */
  stepUp?: StepUpPromptModel | undefined;
};
export type MfaEnrolmentFlowStatus = MfaEnrolmentFlowModel['status'];
