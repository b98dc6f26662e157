import type { PhoneInput } from '@latchkey/headless/sms';
import type { UseSmsSignInReturnType } from '@latchkey/headless/react/sms';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `SmsSignInView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** What the SMS views take from `useSmsSignIn()`: its own type (a fixed one in stories). */
export type SmsFlowModel = FlowModel<UseSmsSignInReturnType>;
export type SmsFlowStatus = SmsFlowModel['status'];
/** A number as entered: digits (or `+…`) and the picked country. */
export type PhoneValue = PhoneInput;
