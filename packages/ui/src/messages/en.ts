/**
 * The kit's English copy, keyed by id. Every user-visible string the kit adds goes here (the older screens move in
 * as they are rebuilt); a host overrides any of them through `LatchkeyUIProvider`'s `messages`, e.g.
 * `messages={{ 'kit.retry': 'Try again' }}`. `{name}` marks a value filled in at run time.
 */
export const en = {
  /** A part of the kit failed to load or to render; the host page is untouched. */
  'kit.failed': 'Something went wrong.',
  'kit.retry': 'Retry',
  'kit.loading': 'Loading…',
  /** Where a failure that has no sentence of its own (a bug, an unexpected answer) is shown. */
  'kit.unexpectedError': 'Something went wrong. Try again.',

  // MPC wallets (flows/MpcWallet)
  'mpc.label': 'MPC wallet',
  'mpc.loading': 'Checking this device…',
  'mpc.create.heading': 'Create your wallet',
  'mpc.create.intro': 'Your key is created in shares: one stays on this device, the others with the signing service or in your backup. Nobody ever holds the whole key.',
  'mpc.create.submit': 'Create wallet',
  'mpc.scheme.label': 'How the key is shared',
  'mpc.scheme.TWO_OF_TWO': 'This device and the signing service (2 of 2)',
  'mpc.scheme.TWO_OF_THREE': 'Plus a backup share (2 of 3)',
  'mpc.scheme.THREE_OF_FIVE': 'Plus two backup shares (3 of 5)',
  'mpc.scheme.hint.TWO_OF_TWO': 'Both shares sign together. Back up this device’s share to use the wallet on another device.',
  'mpc.scheme.hint.TWO_OF_THREE': 'Any two shares sign. With your backup, you can sign without the signing service.',
  'mpc.scheme.hint.THREE_OF_FIVE': 'Any three shares sign. With your two backup shares, you can sign without the signing service.',
  'mpc.password.label': 'Backup password',
  'mpc.password.hint': 'At least 8 characters. It encrypts the backup on this device; nobody can recover it for you.',
  'mpc.location.label': 'Keep the backup in',
  'mpc.location.productApi': 'Your account',
  'mpc.location.googleDrive': 'Google Drive',
  'mpc.location.icloud': 'iCloud',
  'mpc.backup.heading': 'Back up your wallet',
  'mpc.backup.intro': 'Your key share is encrypted with your password on this device, then kept where you choose. You need both to use the wallet on a new device.',
  'mpc.backup.submit': 'Back up',
  'mpc.backup.prompt': 'Not backed up yet: if you lose this device, you lose this wallet.',
  'mpc.backup.done': 'Backed up: {locations}.',
  'mpc.restore.heading': 'Restore your wallet',
  'mpc.restore.intro': 'This wallet’s key share is not on this device. Restore it from your backup with its password.',
  'mpc.restore.submit': 'Restore',
  'mpc.restore.noBackup': 'This wallet has no backup. Open it on the device you created it on, and back it up there.',
  'mpc.reshare.heading': 'Change how your key is shared',
  'mpc.reshare.intro': 'Every share is replaced; your address and funds stay the same. Shares made before no longer work.',
  'mpc.reshare.current': 'Now: {scheme}',
  'mpc.reshare.submit': 'Reshare',
  'mpc.export.heading': 'Export private key',
  'mpc.export.warning': 'Your shares are put together only inside the secure frame below, never on this page. Anyone who has the key controls your wallet: never share it.',
  'mpc.export.show': 'Show private key',
  'mpc.action.backup': 'Back up',
  'mpc.action.reshare': 'Key shares',
  'mpc.action.export': 'Export key',
  'mpc.round.connecting': 'Connecting to the signing service…',
  'mpc.round.opening': 'Opening a secure session…',
  'mpc.round.keygen': 'Generating key shares ({step} of 3)…',
  'mpc.round.sign': 'Signing with your key shares ({step} of 2)…',
  'mpc.round.reshare': 'Replacing key shares ({step} of 3)…',
  'mpc.round.export': 'Sealing your shares for the secure frame…',
  'mpc.round.backingUp': 'Encrypting and saving your backup…',
  'mpc.round.restoring': 'Opening your backup…',

  // Step-up in the second-step devices (flows/MfaDevices): removing a second step needs one passed lately.
  'mfaDevices.stepUp.heading': 'Confirm it’s you',
  'mfaDevices.stepUp.intro.deleteDevice': 'Removing a second step needs one you passed in the last few minutes. Confirm with one of yours to go on.',
  'mfaDevices.stepUp.intro.regenerateRecoveryCodes': 'New recovery codes replace your old ones. Confirm with one of your second steps to go on.',
  'mfaDevices.stepUp.intro.changeDevice': 'Confirm with one of your second steps to go on.',
  'mfaDevices.stepUp.loading': 'Checking your second steps…',
  'mfaDevices.stepUp.passkey': 'Use your passkey',
  'mfaDevices.stepUp.passkeyWaiting': 'Follow your browser’s prompt to use your passkey…',
  'mfaDevices.stepUp.totpHint': 'Enter the code from your authenticator app.',
  'mfaDevices.stepUp.recoveryHint': 'Enter one of your recovery codes. Each code works once.',
  'mfaDevices.stepUp.useRecovery': 'Use a recovery code',
  'mfaDevices.stepUp.useApp': 'Use your authenticator app',
  'mfaDevices.stepUp.cancel': 'Cancel',

  // Sending a code after a rate limit (flows/EmailSignIn, flows/SmsSignIn): the wait the server gave (Retry-After).
  'code.retryIn': 'You can send a code again in {seconds} s.',
  'code.resendIn': 'Resend code in {seconds} s',
} as const;

export type MessageId = keyof typeof en;
export type Messages = Record<MessageId, string>;
