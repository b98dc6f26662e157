import type { MfaChallengeFlowModel } from './MfaChallengeModel.js';
import { useState } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Loading } from '../../Loading.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, stack } from '../../styles/shared.css.js';
import { TotpCodeForm } from '../shared/TotpCodeForm.js';
import { RecoveryCodeForm } from '../shared/RecoveryCodeForm.js';
import { RequiredEnrolmentStep } from './RequiredEnrolmentStep.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface MfaChallengeViewProps {
  flow: MfaChallengeFlowModel;
}

/**
 * The second factor after sign-in: only what the user has (`flow.totpOffered`, `flow.passkeyOffered`,
 * from GET /users/mfa/methods), in the settings' order — the authenticator app's code, the passkey,
 * and recovery codes unless the user has none left. A wrong code shows 'Invalid code'
 * and lets the user try again; the attempt limit ends it ("Sign in again"). When MFA is required and
 * the user has no device yet (`flow.challenge === 'enrolment'`), the authenticator app is set up
 * first and its next code finishes the sign-in. The root carries `data-state`.
 */
export function MfaChallengeView({ flow }: MfaChallengeViewProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const { locale, dir } = useLocale();
  const [useRecovery, setUseRecovery] = useState(false);
  // An error belongs to the field it was about: switching between the app's code and a recovery code leaves it behind.
  const [leftBehind, setLeftBehind] = useState<MfaChallengeFlowModel['error']>();
  const error = flow.error === leftBehind ? undefined : flow.error;
  const verifying = flow.status === 'verifying' || flow.status === 'verifyingPasskey' || flow.status === 'done';
  // The settings' order (SPEC §3): a disabled method is not offered, the default comes first.
  const methods = flow.methods;
  // While the user's methods load, nothing is offered yet; unknown after that, the settings decide.
  const loadingMethods = flow.status === 'loadingMethods' && flow.totpOffered === undefined;
  const totpOffered = methods.includes('totp') && flow.totpOffered !== false && !loadingMethods;
  const passkeyShown = flow.passkeyOffered === true && methods.includes('passkey');
  const passkeyFirst = methods[0] === 'passkey' || !totpOffered;
  const recoveryOffered = flow.userMethods?.hasRecoveryCodes !== false && !loadingMethods;
  const passkeyButton = passkeyShown ? (
            <button
              type="button"
              className={button.secondary}
              aria-disabled={verifying ? true : undefined}
              onClick={() => {
                if (!verifying) flow.authenticatePasskey();
              }}
            >
              {flow.status === 'verifyingPasskey' ? <Spinner /> : null}
              {t('mfa.usePasskey')}
            </button>
          ) : null;
  if (flow.challenge === 'enrolment' && flow.status !== 'failed') {
    // MFA is required and the user has no device: set one up, then its next code finishes the sign-in.
    return (
      <div className={stack} dir={dir} lang={locale} data-flow="mfa" data-challenge="enrolment" data-state={flow.status}>
        <RequiredEnrolmentStep flow={flow} />
        {flow.status === 'idle' || flow.status === 'enrolled' ? (
          <button type="button" className={button.quiet} onClick={() => flow.cancel()}>
            {t('common.cancel')}
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className={stack} dir={dir} lang={locale} data-flow="mfa" data-state={flow.status}>
      {flow.status === 'failed' ? (
        <>
          <ErrorMessage>{errorText(flow.error)}</ErrorMessage>
          <button type="button" className={button.primary} onClick={() => flow.cancel()}>
            {t('mfa.signInAgain')}
          </button>
        </>
      ) : (
        <>
          {loadingMethods ? (
            <Loading label={t('mfa.checking')} />
          ) : null}
          {passkeyShown && !totpOffered && !useRecovery ? <p className={mutedText}>{t('mfa.passkeyHint')}</p> : null}
          {passkeyFirst ? passkeyButton : null}
          {useRecovery && recoveryOffered ? (
            <>
              <p className={mutedText}>{t('mfa.recoveryHint')}</p>
              <RecoveryCodeForm isVerifying={verifying} error={error} onSubmit={(code) => flow.submitRecoveryCode(code)} />
            </>
          ) : totpOffered ? (
            <>
              <p className={mutedText}>{t('mfa.totpHint')}</p>
              <TotpCodeForm isVerifying={verifying} error={error} onSubmit={(code) => flow.submitCode(code)} />
            </>
          ) : (
            <ErrorMessage>{verifying || loadingMethods ? undefined : errorText(error)}</ErrorMessage>
          )}
          {passkeyFirst ? null : passkeyButton}
          {recoveryOffered ? (
            <button
              type="button"
              className={button.quiet}
              onClick={() => {
                setLeftBehind(flow.error);
                setUseRecovery(!useRecovery);
              }}
            >
              {useRecovery ? (totpOffered ? t('mfa.useApp') : t('signIn.back')) : t('mfa.useRecovery')}
            </button>
          ) : null}
          <button type="button" className={button.quiet} onClick={() => flow.cancel()}>
            {t('common.cancel')}
          </button>
        </>
      )}
    </div>
  );
}
