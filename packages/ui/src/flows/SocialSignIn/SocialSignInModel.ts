import type { UseSocialSignInReturnType } from '@latchkey/headless/react/social';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `SocialSignInView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** What the social views take from `useSocialSignIn()`: its own type (a fixed one in stories). */
export type SocialFlowModel = FlowModel<Pick<UseSocialSignInReturnType, 'status' | 'provider' | 'error' | 'isBusy' | 'signIn' | 'cancel'>>;
export type SocialFlowStatus = SocialFlowModel['status'];
