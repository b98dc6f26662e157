import type { TotpRegistration } from '@latchkey/protocol';
import { Spinner } from '../../Spinner.js';
import { button, mutedText } from '../../styles/shared.css.js';
import type { FlowError } from './FlowError.js';
import * as styles from './mfa.css.js';
import { TotpCodeForm } from './TotpCodeForm.js';
import { useQrCode } from './useQrCode.js';

export interface TotpSetupStepProps {
  /** The TOTP `secret` and otpauth `uri` the enrolment fetched. */
  registration: TotpRegistration;
  /** The first code is being checked. */
  isVerifying: boolean;
  error?: FlowError | undefined;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/** Groups of four, as people copy secrets into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Adding an authenticator app: the QR code of the otpauth URI (and the key to type in), then the
 * app's first code, and Cancel. Shared by the enrolment from the user menu and the one a sign-in
 * asks for first (MFA required). Presentational.
 */
export function TotpSetupStep({ registration, isVerifying, error, onSubmit, onCancel }: TotpSetupStepProps) {
  const qr = useQrCode(registration.uri);
  return (
    <>
      <p className={mutedText}>Scan the QR code with your authenticator app, or enter the key, then type the code it shows.</p>
      <div className={styles.qrFrame}>
        {qr ? <img className={styles.qr} src={qr} width={168} height={168} alt="QR code for your authenticator app" /> : <Spinner />}
      </div>
      <p className={mutedText}>
        Key: <code className={styles.secret} data-testid="totp-secret">{grouped(registration.secret)}</code>
      </p>
      <TotpCodeForm isVerifying={isVerifying} error={error} onSubmit={onSubmit} />
      <button type="button" className={button.quiet} onClick={onCancel}>
        Cancel
      </button>
    </>
  );
}
