import type { UsePasskeyManagerReturnType } from '@latchkey/headless/react/passkey';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `PasskeyManagerView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** What the passkeys view takes from `usePasskeyManager()`: its own type, the members used (a fixed one in stories). */
export type PasskeyManagerFlowModel = FlowModel<Pick<
  UsePasskeyManagerReturnType,
  'status' | 'passkeys' | 'registered' | 'error' | 'isBusy' | 'register' | 'load' | 'rename' | 'remove' | 'cancel'
>>;
export type PasskeyManagerFlowStatus = PasskeyManagerFlowModel['status'];
