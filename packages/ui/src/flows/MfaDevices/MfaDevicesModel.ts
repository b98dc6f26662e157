import type { UseMfaDevicesReturnType, UseStepUpReturnType } from '@latchkey/headless/react/mfa';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `MfaDevicesView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/**
 * What "Confirm it's you" (`StepUpPrompt`) takes: the `stepUp` of a flow whose action the server refused until a second
 * factor (`useMfaDevices`, `usePasskeyManager`, `useMfaEnrolment`, `useUnlinkCredential`) — a fixed value in stories.
 */
export type StepUpPromptModel = FlowModel<
  Pick<UseStepUpReturnType, 'status' | 'stepUpFor' | 'stepUpMethods' | 'error' | 'stepUpWithCode' | 'stepUpWithRecoveryCode' | 'stepUpWithPasskey' | 'cancelStepUp'>
>;

/** What the devices view takes from `useMfaDevices()`: its own type, the members used (a fixed one in stories). */
export type MfaDevicesFlowModel = FlowModel<Pick<
  UseMfaDevicesReturnType,
  | 'status'
  | 'devices'
  | 'recoveryCodes'
  | 'error'
  | 'isBusy'
  | 'loadDevices'
  | 'renameDevice'
  | 'makeDefaultDevice'
  | 'deleteDevice'
  | 'regenerateRecoveryCodes'
  | 'acknowledgeRecoveryCodes'
>> & {
  /** While a delete or new recovery codes wait for "Confirm it's you" (optional: a model without it never asks). */
  stepUp?: StepUpPromptModel | undefined;
};
export type MfaDevicesFlowStatus = MfaDevicesFlowModel['status'];
