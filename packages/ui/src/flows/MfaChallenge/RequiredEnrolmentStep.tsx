import { useId } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useViewFocus } from '../../focus/useViewFocus.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, stack, successText } from '../../styles/shared.css.js';
import * as styles from '../shared/mfa.css.js';
import { TotpCodeForm } from '../shared/TotpCodeForm.js';
import { TotpSetupStep } from '../shared/TotpSetupStep.js';
import type { MfaChallengeFlowModel } from './MfaChallengeModel.js';
import { useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


type View = 'finishing' | 'scan' | 'start';

function viewOf(flow: MfaChallengeFlowModel): View {
  switch (flow.status) {
    case 'enrolled':
    case 'verifying':
    case 'done':
      return 'finishing';
    case 'awaitingEnrolmentCode':
    case 'verifyingEnrolment':
      return flow.registration ? 'scan' : 'start';
    default:
      return 'start';
  }
}

/**
 * MFA is required and the user has no device yet: the sign-in's second step sets up an authenticator
 * app (with the MFA token; no session yet), then the app's next code finishes signing in. No recovery
 * codes here (they need a session). Each step takes focus to its heading.
 */
export function RequiredEnrolmentStep({ flow }: { flow: MfaChallengeFlowModel }) {
  const t = useMessages();
  const errorText = useErrorText();
  const headingId = useId();
  const view = viewOf(flow);
  const ref = useViewFocus<HTMLDivElement>(view);
  return (
    <div ref={ref} className={stack}>
      <section className={stack} aria-labelledby={headingId} data-flow="mfa-enrolment" data-state={flow.status}>
        <h2 id={headingId} className={styles.heading}>
          {t('mfaEnrol.heading')}
        </h2>
        {view === 'finishing' ? (
          <>
            <p className={successText}>{t('mfaEnrol.addedShort')}</p>
            <p className={mutedText}>{t('mfaEnrol.nextCode')}</p>
            <TotpCodeForm isVerifying={flow.status !== 'enrolled'} error={flow.error} onSubmit={(code) => flow.submitCode(code)} />
          </>
        ) : view === 'scan' && flow.registration ? (
          <TotpSetupStep
            registration={flow.registration}
            isVerifying={flow.status === 'verifyingEnrolment'}
            error={flow.error}
            onSubmit={(code) => flow.submitEnrolmentCode(code)}
            onCancel={() => flow.cancel()}
          />
        ) : (
          <>
            <p className={mutedText}>{t('mfaEnrol.required')}</p>
            <ErrorMessage>{flow.isBusy ? undefined : errorText(flow.error)}</ErrorMessage>
            <button
              type="button"
              className={button.secondary}
              aria-disabled={flow.isBusy ? true : undefined}
              onClick={() => {
                if (!flow.isBusy) flow.startEnrolment();
              }}
            >
              {flow.status === 'fetchingSecret' ? <Spinner /> : null}
              {t('mfaEnrol.setUpApp')}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
