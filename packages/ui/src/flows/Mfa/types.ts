import type { FlowError } from '../shared/FlowError.js';

/**
 * What the MFA components need from `useMfa()` of `@latchkey/headless/react`, declared structurally
 * so the presentational pieces (and their stories) need no client.
 */
export type MfaFlowStatus =
  | 'idle'
  | 'fetchingSecret'
  | 'awaitingEnrolmentCode'
  | 'verifyingEnrolment'
  | 'enrolled'
  | 'fetchingRecoveryCodes'
  | 'acknowledgingRecoveryCodes'
  | 'loadingMethods'
  | 'loadingDevices'
  | 'changingDevice'
  | 'registeringPasskey'
  | 'verifyingPasskey'
  | 'verifying'
  | 'done'
  | 'failed';

export interface MfaFlowModel {
  status: MfaFlowStatus;
  /** While a sign-in waits for its second factor: `enrolment` when a device must be set up first (MFA required). */
  challenge?: 'code' | 'enrolment' | undefined;
  registration: { id: string; secret: string; uri: string } | undefined;
  device: { id: string; type: string } | undefined;
  recoveryCodes?: { count: number; recoveryCodes: readonly string[] } | undefined;
  error: FlowError | undefined;
  isBusy: boolean;
  startEnrolment(): unknown;
  submitEnrolmentCode(code: string): unknown;
  submitCode(code: string): unknown;
  submitRecoveryCode?(code: string): unknown;
  loadRecoveryCodes?(): unknown;
  regenerateRecoveryCodes?(): unknown;
  acknowledgeRecoveryCodes?(): unknown;
  devices?: readonly { id: string; type: string; alias?: string | null | undefined; default: boolean; createdAt: string }[] | undefined;
  loadDevices?(): unknown;
  renameDevice?(id: string, alias: string): unknown;
  makeDefaultDevice?(id: string): unknown;
  deleteDevice?(id: string): unknown;
  /** The second factors the settings offer, in order (default first; disabled ones absent). */
  methods?: readonly ('totp' | 'passkey')[] | undefined;
  /** Challenge: the user has a passkey as a second factor. */
  passkeyOffered?: boolean | undefined;
  /**
   * Challenge: the user has an authenticator app (TOTP) as a second factor; `undefined` while not
   * known (the settings' `methods` decide then, and while `status` is `loadingMethods` nothing is
   * offered yet).
   */
  totpOffered?: boolean | undefined;
  /** Challenge: the second factors the user has (GET /users/mfa/methods), once known. */
  userMethods?: { methods: readonly ('totp' | 'passkey')[]; hasRecoveryCodes: boolean } | undefined;
  registerPasskey?(alias?: string): unknown;
  authenticatePasskey?(): unknown;
  cancel(): unknown;
  reset(): unknown;
}
