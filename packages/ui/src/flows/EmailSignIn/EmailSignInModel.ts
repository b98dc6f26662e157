import type { UseEmailSignInReturnType } from '@latchkey/headless/react/email';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `EmailSignInView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** What the e-mail views take from `useEmailSignIn()`: its own type (a fixed one in stories). */
export type EmailFlowModel = FlowModel<UseEmailSignInReturnType>;
export type EmailFlowStatus = EmailFlowModel['status'];
