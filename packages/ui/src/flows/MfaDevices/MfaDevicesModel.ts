import type { UseMfaDevicesReturnType, UseStepUpReturnType } from '@latchkey/headless/react/mfa';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `MfaDevicesView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

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
  | 'stepUpFor'
  | 'stepUpMethods'
  | 'stepUpWithCode'
  | 'stepUpWithRecoveryCode'
  | 'stepUpWithPasskey'
  | 'cancelStepUp'
>>;
export type MfaDevicesFlowStatus = MfaDevicesFlowModel['status'];

/**
 * What "Confirm it's you" (`StepUpPrompt`) takes: the step-up members that `useMfaDevices()` and every flow's `stepUp`
 * (`useStepUp`) share — a fixed value in stories.
 */
export type StepUpPromptModel = FlowModel<Pick<UseStepUpReturnType, 'stepUpMethods' | 'error' | 'stepUpWithCode' | 'stepUpWithRecoveryCode' | 'stepUpWithPasskey' | 'cancelStepUp'>> & {
  status: UseStepUpReturnType['status'] | MfaDevicesFlowStatus;
  stepUpFor: UseStepUpReturnType['stepUpFor'] | MfaDevicesFlowModel['stepUpFor'];
};
