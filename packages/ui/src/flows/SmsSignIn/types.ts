import type { FlowError } from '../EmailSignIn/types.js';

/**
 * What the SMS flow components need from `useSmsSignIn()` of `@latchkey/headless/react`, declared
 * structurally so the presentational pieces (and their stories) need no client.
 */
export type SmsFlowStatus = 'idle' | 'sendingCode' | 'awaitingCode' | 'verifying' | 'done' | 'failed';

/** A number as entered: digits (or `+…`) and the picked country. */
export interface PhoneValue {
  phoneNumber: string;
  isoCountryCode: string;
}

/** A country the SMS provider sends to (`enabledCountries` of the provider settings). */
export interface SmsCountry {
  isoCountryCode: string;
  phoneCountryCode: string;
}

export interface SmsFlowModel {
  status: SmsFlowStatus;
  phone: PhoneValue | undefined;
  /** The checked number the code went to; `international` is shown to people. */
  sentTo: { international: string; e164: string } | undefined;
  error: FlowError | undefined;
  isBusy: boolean;
  sendCode(phone: PhoneValue): unknown;
  resendCode(): unknown;
  submitCode(code: string): unknown;
  cancel(): unknown;
  reset(): unknown;
}
