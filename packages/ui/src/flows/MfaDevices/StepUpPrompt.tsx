import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Loading } from '../../Loading.js';
import { Spinner } from '../../Spinner.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';
import { button, mutedText, stack } from '../../styles/shared.css.js';
import { heading } from '../shared/mfa.css.js';
import { RecoveryCodeForm } from '../shared/RecoveryCodeForm.js';
import { TotpCodeForm } from '../shared/TotpCodeForm.js';
import type { FlowError } from '../shared/FlowError.js';
import type { StepUpPromptModel } from './MfaDevicesModel.js';
import * as styles from './MfaDevices.css.js';

export interface StepUpPromptProps {
  flow: StepUpPromptModel;
  /** What waits for it, when the screen holds several such things ("Unlink 7EcD…FLtV"): shown under the heading. */
  subject?: ReactNode;
}

/**
 * "Confirm it's you": the server refused removing a second step because this session passed none lately. Offers the
 * user's own methods (`flow.stepUpMethods`: their passkey, their authenticator app's code, a recovery code while one is
 * left; when they could not be loaded, the code forms), shows their errors as sentences, and Cancel leaves everything
 * as it was. Presentational over the `stepUp` of a flow whose action the server refused until one (`useMfaDevices`,
 * `useUnlinkCredential`, `usePasskeyManager`, `useMfaEnrolment`).
 */
export function StepUpPrompt({ flow, subject }: StepUpPromptProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loading = flow.status === 'loadingStepUpMethods';
  // The prompt interrupts what the user asked for: move focus to it, and bring it into view (the user menu scrolls)
  // once more whenever it has grown — the methods loaded, an error under the field.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    headingRef.current?.closest('section')?.scrollIntoView?.({ block: 'nearest' });
  }, [loading, flow.error]);
  const [useRecovery, setUseRecovery] = useState(false);
  // An error belongs to the form it was about: switching forms leaves it behind.
  const [leftBehind, setLeftBehind] = useState<FlowError>();
  const error = flow.error === leftBehind ? undefined : flow.error;
  const verifying = flow.status === 'steppingUp' || flow.status === 'steppingUpWithPasskey';
  const methods = flow.stepUpMethods;
  const passkeyOffered = methods?.methods.includes('passkey') === true;
  const totpOffered = methods === undefined || methods.methods.includes('totp');
  const recoveryOffered = methods === undefined || methods.hasRecoveryCodes;
  const showRecovery = recoveryOffered && (useRecovery || !totpOffered);
  const codeForm = showRecovery || totpOffered;
  const intro = t(`mfaDevices.stepUp.intro.${flow.stepUpFor}`);
  const toggle = () => {
    setLeftBehind(flow.error);
    setUseRecovery(!useRecovery);
  };
  return (
    <section className={styles.stepUp} aria-labelledby={headingId} data-step-up={flow.status}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className={heading}>
        {t('mfaDevices.stepUp.heading')}
      </h3>
      {subject ? <p className={styles.stepUpSubject}>{subject}</p> : null}
      <p className={mutedText}>{intro}</p>
      {loading ? (
        <Loading label={t('mfaDevices.stepUp.loading')} />
      ) : (
        <div className={stack}>
          {passkeyOffered ? (
            <button type="button" className={button.primary} aria-disabled={verifying ? true : undefined} onClick={() => !verifying && flow.stepUpWithPasskey()}>
              {flow.status === 'steppingUpWithPasskey' ? <Spinner /> : null}
              {t('mfa.usePasskey')}
            </button>
          ) : null}
          {flow.status === 'steppingUpWithPasskey' ? (
            <p className={mutedText} role="status">
              {t('mfaDevices.stepUp.passkeyWaiting')}
            </p>
          ) : null}
          {showRecovery ? (
            <>
              <p className={mutedText}>{t('mfa.recoveryHint')}</p>
              <RecoveryCodeForm isVerifying={verifying} error={error} onSubmit={(code) => flow.stepUpWithRecoveryCode(code)} />
            </>
          ) : totpOffered ? (
            <>
              <p className={mutedText}>{t('mfaDevices.stepUp.totpHint')}</p>
              <TotpCodeForm isVerifying={verifying} error={error} onSubmit={(code) => flow.stepUpWithCode(code)} />
            </>
          ) : null}
          {/* Without a code form (a passkey only), its errors show here. */}
          {codeForm ? null : <ErrorMessage>{verifying ? undefined : errorText(error)}</ErrorMessage>}
          {recoveryOffered && totpOffered ? (
            <button type="button" className={button.quiet} onClick={toggle}>
              {useRecovery ? t('mfa.useApp') : t('mfa.useRecovery')}
            </button>
          ) : null}
        </div>
      )}
      <button type="button" className={button.quiet} onClick={() => flow.cancelStepUp()}>
        {t('common.cancel')}
      </button>
    </section>
  );
}
