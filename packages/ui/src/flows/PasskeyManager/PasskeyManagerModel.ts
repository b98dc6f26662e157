import type { UsePasskeyManagerReturnType } from '@latchkey/headless/react/passkey';
import type { StepUpPromptModel } from '../MfaDevices/MfaDevicesModel.js';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `PasskeyManagerView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** What the passkeys view takes from `usePasskeyManager()`: its own type, the members used (a fixed one in stories). */
export type PasskeyManagerFlowModel = FlowModel<Pick<
  UsePasskeyManagerReturnType,
  'status' | 'passkeys' | 'registered' | 'error' | 'isBusy' | 'register' | 'load' | 'rename' | 'remove' | 'cancel'
>> & {
  /** While a delete waits for "Confirm it's you" (optional: a model without it never asks). */
  stepUp?: StepUpPromptModel | undefined;
};
export type PasskeyManagerFlowStatus = PasskeyManagerFlowModel['status'];
