/**
 * What the e-mail flow components need from `useEmailSignIn()` of `@latchkey/headless/react`.
 * Declared structurally so the presentational pieces (and their stories) need no client: the
 * hook's return value satisfies it as is.
 */
export type EmailFlowStatus = 'idle' | 'sendingCode' | 'awaitingCode' | 'verifying' | 'done' | 'failed';

/** A coded error as the hooks report it (`LatchkeyError`): `message` is the spec's wording. */
export interface FlowError {
  code: string;
  message: string;
}

export interface EmailFlowModel {
  status: EmailFlowStatus;
  email: string | undefined;
  error: FlowError | undefined;
  isBusy: boolean;
  sendCode(email: string): unknown;
  resendCode(): unknown;
  submitCode(code: string): unknown;
  cancel(): unknown;
  reset(): unknown;
}
