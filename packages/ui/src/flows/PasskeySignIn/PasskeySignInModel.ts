import type { UsePasskeySignInReturnType } from '@latchkey/headless/react/passkey';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `PasskeySignInView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** What the sign-in view takes from `usePasskeySignIn()`: its own type, the members used (a fixed one in stories). */
export type PasskeySignInFlowModel = FlowModel<Pick<UsePasskeySignInReturnType, 'status' | 'error' | 'signIn' | 'cancel'>>;
export type PasskeySignInFlowStatus = PasskeySignInFlowModel['status'];
