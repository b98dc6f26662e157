import type { TotpRegistration } from '@latchkey/protocol';
import { Spinner } from '../../Spinner.js';
import { button, mutedText } from '../../styles/shared.css.js';
import type { FlowError } from './FlowError.js';
import * as styles from './mfa.css.js';
import { TotpCodeForm } from './TotpCodeForm.js';
import { useQrCode } from './useQrCode.js';
import { useMessages } from '../../messages/useMessages.js';
import { fillParts } from '../../messages/fillParts.js';

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
  const t = useMessages();
  const qr = useQrCode(registration.uri);
  return (
    <>
      <p className={mutedText}>{t('totp.setup.intro')}</p>
      <div className={styles.qrFrame}>
        {qr ? <img className={styles.qr} src={qr} width={168} height={168} alt={t('totp.setup.qrAlt')} /> : <Spinner />}
      </div>
      <p className={mutedText}>
        {fillParts(t('totp.setup.key'), {
          key: (
            <code className={styles.secret} data-testid="totp-secret" dir="ltr">
              {grouped(registration.secret)}
            </code>
          ),
        })}
      </p>
      <TotpCodeForm isVerifying={isVerifying} error={error} onSubmit={onSubmit} />
      <button type="button" className={button.quiet} onClick={onCancel}>
        {t('common.cancel')}
      </button>
    </>
  );
}
