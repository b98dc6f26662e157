import type { UseMfaChallengeReturnType } from '@latchkey/headless/react/mfa';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `MfaChallengeView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** What the challenge view and its steps take from `useMfaChallenge()`: its own type, the members used (a fixed one in stories). */
export type MfaChallengeFlowModel = FlowModel<Pick<
  UseMfaChallengeReturnType,
  | 'status'
  | 'challenge'
  | 'methods'
  | 'userMethods'
  | 'passkeyOffered'
  | 'totpOffered'
  | 'registration'
  | 'error'
  | 'isBusy'
  | 'submitCode'
  | 'submitRecoveryCode'
  | 'authenticatePasskey'
  | 'startEnrolment'
  | 'submitEnrolmentCode'
  | 'cancel'
>>;
export type MfaChallengeFlowStatus = MfaChallengeFlowModel['status'];
