import type { MfaEnrolmentFlowModel } from './MfaEnrolmentModel.js';
import { useId } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useViewFocus } from '../../focus/useViewFocus.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, stack, successText } from '../../styles/shared.css.js';
import * as styles from '../shared/mfa.css.js';
import { StepUpPrompt } from '../MfaDevices/StepUpPrompt.js';
import { RecoveryCodes } from '../shared/RecoveryCodes.js';
import { TotpSetupStep } from '../shared/TotpSetupStep.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface MfaEnrolmentViewProps {
  flow: MfaEnrolmentFlowModel;
}

type View = 'codes' | 'enrolled' | 'scan' | 'start' | 'stepUp';

function viewOf(flow: MfaEnrolmentFlowModel): View {
  if ((flow.recoveryCodes?.recoveryCodes.length ?? 0) > 0) return 'codes';
  if (flow.stepUp) return 'stepUp';
  switch (flow.status) {
    case 'enrolled':
      return 'enrolled';
    case 'awaitingEnrolmentCode':
    case 'verifyingEnrolment':
      return flow.registration ? 'scan' : 'start';
    default:
      return 'start';
  }
}

/**
 * Adding a second step to sign-in, for the signed-in user: the methods the settings offer, in their
 * order (SPEC §3) — an authenticator app (QR code, key, first code) or a passkey — then "added", and
 * the recovery codes shown once until acknowledged. A second device, or the first codes of a device added earlier, may
 * need "Confirm it's you" first (`StepUpPrompt`). Presentational over `useMfaEnrolment()`; each
 * step takes focus to its heading, and the section carries `data-state`.
 */
export function MfaEnrolmentView({ flow }: MfaEnrolmentViewProps) {
  const { locale, dir } = useLocale();
  const view = viewOf(flow);
  const ref = useViewFocus<HTMLDivElement>(view);
  return (
    <div ref={ref} className={stack} dir={dir} lang={locale}>
      {view === 'codes' ? (
        <RecoveryCodes
          codes={flow.recoveryCodes?.recoveryCodes ?? []}
          isSaving={flow.status === 'acknowledgingRecoveryCodes'}
          error={flow.error}
          onAcknowledge={() => flow.acknowledgeRecoveryCodes()}
        />
      ) : (
        <EnrolmentSection flow={flow} view={view} />
      )}
    </div>
  );
}

function EnrolmentSection({ flow, view }: { flow: MfaEnrolmentFlowModel; view: Exclude<View, 'codes'> }) {
  const t = useMessages();
  const headingId = useId();
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="mfa-enrolment" data-state={flow.status}>
      <h2 id={headingId} className={styles.heading}>
        {t('mfaEnrol.section')}
      </h2>
      {view === 'stepUp' && flow.stepUp ? (
        <StepUpPrompt flow={flow.stepUp} />
      ) : view === 'enrolled' && flow.device?.type === 'passkey' ? (
        <p className={successText}>{t('mfaEnrol.passkeyAdded')}</p>
      ) : view === 'enrolled' ? (
        <>
          <p className={successText}>{t('mfaEnrol.added')}</p>
          <button type="button" className={button.secondary} onClick={() => flow.loadRecoveryCodes()}>
            {t('mfaEnrol.showCodes')}
          </button>
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
        <MethodChoice flow={flow} />
      )}
    </section>
  );
}

/** The methods the settings offer, in their order (SPEC §3). */
function MethodChoice({ flow }: { flow: MfaEnrolmentFlowModel }) {
  const t = useMessages();
  const errorText = useErrorText();
  return (
    <>
      <p className={mutedText}>{t('mfaEnrol.intro')}</p>
      <ErrorMessage>{flow.isBusy ? undefined : errorText(flow.error)}</ErrorMessage>
      {flow.methods.map((method) =>
        method === 'totp' ? (
          <button
            key="totp"
            type="button"
            className={button.secondary}
            aria-disabled={flow.isBusy ? true : undefined}
            onClick={() => {
              if (!flow.isBusy) flow.startEnrolment();
            }}
          >
            {flow.status === 'fetchingSecret' || flow.status === 'fetchingRecoveryCodes' ? <Spinner /> : null}
            {t('mfaEnrol.setUpApp')}
          </button>
        ) : (
          <button
            key="passkey"
            type="button"
            className={button.secondary}
            aria-disabled={flow.isBusy ? true : undefined}
            onClick={() => {
              if (!flow.isBusy) flow.registerPasskey();
            }}
          >
            {flow.status === 'registeringPasskey' ? <Spinner /> : null}
            {t('mfaEnrol.usePasskey')}
          </button>
        ),
      )}
    </>
  );
}
