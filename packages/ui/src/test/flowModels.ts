import type { MfaDevice, PasskeyRecord, TotpRegistration } from '@latchkey/protocol';
import type { EmailFlowModel } from '../flows/EmailSignIn/EmailSignInModel.js';
import type { MfaChallengeFlowModel } from '../flows/MfaChallenge/MfaChallengeModel.js';
import type { MfaDevicesFlowModel, StepUpPromptModel } from '../flows/MfaDevices/MfaDevicesModel.js';
import type { MfaEnrolmentFlowModel } from '../flows/MfaEnrolment/MfaEnrolmentModel.js';
import type { PasskeyManagerFlowModel } from '../flows/PasskeyManager/PasskeyManagerModel.js';
import type { PasskeySignInFlowModel } from '../flows/PasskeySignIn/PasskeySignInModel.js';
import type { SmsFlowModel } from '../flows/SmsSignIn/SmsSignInModel.js';
import type { SendFlowModel } from '../flows/SendTransaction/SendTransactionModel.js';

/**
 * Flow view models fixed in one state, for rendering a step or a view without a machine. Shared by the jsdom tests
 * (`vi.fn()` spies, test/fake*Flow.ts) and the stories (`fn().mockName()`, stories/fixtures.ts): each passes how to
 * make a spy for a command.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a spy stands in for any command's signature
export type SpyFactory = (command: string) => (...args: any[]) => any;

export function emailFlowModel(spy: SpyFactory, overrides: Partial<EmailFlowModel> = {}): EmailFlowModel {
  return {
    status: 'idle',
    email: undefined,
    error: undefined,
    isBusy: false,
    retryAt: undefined,
    retryInSeconds: 0,
    sendCode: spy('sendCode'),
    resendCode: spy('resendCode'),
    submitCode: spy('submitCode'),
    cancel: spy('cancel'),
    reset: spy('reset'),
    ...overrides,
  };
}

export function smsFlowModel(spy: SpyFactory, overrides: Partial<SmsFlowModel> = {}): SmsFlowModel {
  return {
    status: 'idle',
    phone: undefined,
    sentTo: undefined,
    error: undefined,
    isBusy: false,
    retryAt: undefined,
    retryInSeconds: 0,
    sendCode: spy('sendCode'),
    resendCode: spy('resendCode'),
    submitCode: spy('submitCode'),
    cancel: spy('cancel'),
    reset: spy('reset'),
    ...overrides,
  };
}

export function passkeySignInFlowModel(spy: SpyFactory, overrides: Partial<PasskeySignInFlowModel> = {}): PasskeySignInFlowModel {
  return { status: 'idle', error: undefined, signIn: spy('signIn'), cancel: spy('cancel'), ...overrides };
}

export function passkeyManagerFlowModel(spy: SpyFactory, overrides: Partial<PasskeyManagerFlowModel> = {}): PasskeyManagerFlowModel {
  return {
    status: 'idle',
    passkeys: undefined,
    registered: undefined,
    error: undefined,
    isBusy: false,
    register: spy('register'),
    load: spy('load'),
    rename: spy('rename'),
    remove: spy('remove'),
    cancel: spy('cancel'),
    ...overrides,
  };
}

export function mfaChallengeFlowModel(spy: SpyFactory, overrides: Partial<MfaChallengeFlowModel> = {}): MfaChallengeFlowModel {
  return {
    status: 'idle',
    challenge: 'code',
    methods: ['totp', 'passkey'],
    userMethods: undefined,
    passkeyOffered: false,
    totpOffered: undefined,
    registration: undefined,
    error: undefined,
    isBusy: false,
    submitCode: spy('submitCode'),
    submitRecoveryCode: spy('submitRecoveryCode'),
    authenticatePasskey: spy('authenticatePasskey'),
    startEnrolment: spy('startEnrolment'),
    submitEnrolmentCode: spy('submitEnrolmentCode'),
    cancel: spy('cancel'),
    ...overrides,
  };
}

export function mfaEnrolmentFlowModel(spy: SpyFactory, overrides: Partial<MfaEnrolmentFlowModel> = {}): MfaEnrolmentFlowModel {
  return {
    status: 'idle',
    methods: ['totp', 'passkey'],
    registration: undefined,
    device: undefined,
    recoveryCodes: undefined,
    error: undefined,
    isBusy: false,
    startEnrolment: spy('startEnrolment'),
    submitEnrolmentCode: spy('submitEnrolmentCode'),
    registerPasskey: spy('registerPasskey'),
    loadRecoveryCodes: spy('loadRecoveryCodes'),
    acknowledgeRecoveryCodes: spy('acknowledgeRecoveryCodes'),
    cancel: spy('cancel'),
    ...overrides,
  };
}

export function mfaDevicesFlowModel(spy: SpyFactory, overrides: Partial<MfaDevicesFlowModel> = {}): MfaDevicesFlowModel {
  return {
    status: 'idle',
    devices: undefined,
    recoveryCodes: undefined,
    error: undefined,
    isBusy: false,
    loadDevices: spy('loadDevices'),
    renameDevice: spy('renameDevice'),
    makeDefaultDevice: spy('makeDefaultDevice'),
    deleteDevice: spy('deleteDevice'),
    regenerateRecoveryCodes: spy('regenerateRecoveryCodes'),
    acknowledgeRecoveryCodes: spy('acknowledgeRecoveryCodes'),
    ...overrides,
  };
}

/** "Confirm it's you" as a flow's `stepUp` shows it (an unlink, a passkey's removal, a second device, a device's removal). */
export function stepUpModel(spy: SpyFactory, overrides: Partial<StepUpPromptModel> = {}): StepUpPromptModel {
  return {
    status: 'awaitingStepUp',
    stepUpFor: 'unlinkCredential',
    stepUpMethods: { methods: ['totp'], hasRecoveryCodes: true },
    error: undefined,
    stepUpWithCode: spy('stepUpWithCode'),
    stepUpWithRecoveryCode: spy('stepUpWithRecoveryCode'),
    stepUpWithPasskey: spy('stepUpWithPasskey'),
    cancelStepUp: spy('cancelStepUp'),
    ...overrides,
  };
}

/** The errors of SPEC §8 the code flows show, with their exact wording. */
export function sendFlowModel(spy: SpyFactory, overrides: Partial<SendFlowModel> = {}): SendFlowModel {
  return {
    status: 'idle',
    request: undefined,
    fee: undefined,
    simulation: undefined,
    signature: undefined,
    error: undefined,
    isBusy: false,
    prepare: spy('prepare'),
    confirm: spy('confirm'),
    resign: spy('resign'),
    retry: spy('retry'),
    canRetry: false,
    cancel: spy('cancel'),
    reset: spy('reset'),
    ...overrides,
  };
}

export const wrongCodeError = { code: 'wrong_email_verification_token', message: 'The code is invalid or expired.' };
export const tooManyAttemptsError = { code: 'too_many_email_verification_attempts', message: 'Too many email verification attempts.' };
export const invalidPhoneError = { code: 'invalid_phone', message: 'Invalid phone number.' };
export const wrongSmsCodeError = { code: 'wrong_sms_verification_token', message: 'The code is invalid or expired.' };
export const rateLimitError = { code: 'too_many_requests', message: 'Rate limit reached' };
export const tooManySmsAttemptsError = { code: 'too_many_sms_verification_attempts', message: 'Too many SMS verification attempts.' };

export const sentToUk = { e164: '+447400123456', international: '+44 7400 123456', phoneCountryCode: '44', phoneNumber: '7400123456', isoCountryCode: 'GB' };

export const samplePasskeys: PasskeyRecord[] = [
  { id: 'pk-1', alias: 'MacBook', credentialId: 'Y3JlZGVudGlhbC0x', createdAt: '2026-03-02T10:00:00.000Z', storage: 'platform' },
  { id: 'pk-2', alias: null, credentialId: 'Y3JlZGVudGlhbC0y', createdAt: '2026-04-11T08:30:00.000Z', storage: 'cross-platform' },
];

/** The errors of SPEC §8 the passkey and MFA flows show, with their exact wording. */
export const notSupportedError = { code: 'webauthn_not_supported', message: 'Webauthn is not supported on this device.' };
export const previouslyRegisteredError = { code: 'passkey_previously_registered', message: 'This authenticator was already registered.' };
export const mfaInvalidCodeError = { code: 'mfa_invalid_code', message: 'Invalid code' };
export const mfaTooManyError = { code: 'too_many_verification_attempts', message: 'Too many verification attempts. Sign in again.' };
export const mfaDeviceNotFoundError = { code: 'mfa_device_not_found', message: 'MFA device not found.' };
/** The server's step-up refusal (403) and its last-required-device refusal (400): one code, two meanings. */
export const stepUpRequiredError = { code: 'mfa_invalid_request', status: 403, message: 'Confirm with your second factor first: this change needs one passed in the last 5 minutes.' };
export const lastRequiredDeviceError = { code: 'mfa_invalid_request', status: 400, message: 'Multi-factor authentication is required: the last second factor cannot be removed.' };
export const mfaNothingToAcknowledgeError = { code: 'mfa_invalid_request', message: 'There are no recovery codes to acknowledge.' };

export const totpRegistration: TotpRegistration = {
  id: 'dev-1',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Acme%20Rewards:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Acme+Rewards&algorithm=SHA1&digits=6&period=30',
};

export const totpMfaDevice: MfaDevice = { id: 'dev-1', type: 'totp', verified: true, alias: null, default: true, createdAt: '2026-01-01T00:00:00.000Z', verifiedAt: '2026-01-01T00:00:10.000Z' };
export const passkeyMfaDevice: MfaDevice = { id: 'dev-2', type: 'passkey', verified: true, alias: 'YubiKey', default: false, createdAt: '2026-01-02T00:00:00.000Z', verifiedAt: '2026-01-02T00:00:00.000Z' };
export const sampleMfaDevices: MfaDevice[] = [totpMfaDevice, passkeyMfaDevice];

export const sampleRecoveryCodes = { count: 6, recoveryCodes: ['5zbq-5mts', 'mn6g-d8n4', 'mrvw-jvr3', 'pbeb-quwd', 'effs-423q', 'gmsx-2xyv'] };
