import type { MfaEnrolmentFlowModel } from './MfaEnrolmentModel.js';
import { useId } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { useViewFocus } from '../../focus/useViewFocus.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, stack, successText } from '../../styles/shared.css.js';
import * as styles from '../shared/mfa.css.js';
import { RecoveryCodes } from '../shared/RecoveryCodes.js';
import { TotpSetupStep } from '../shared/TotpSetupStep.js';

export interface MfaEnrolmentViewProps {
  flow: MfaEnrolmentFlowModel;
}

type View = 'codes' | 'enrolled' | 'scan' | 'start';

function viewOf(flow: MfaEnrolmentFlowModel): View {
  if ((flow.recoveryCodes?.recoveryCodes.length ?? 0) > 0) return 'codes';
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
 * the recovery codes shown once until acknowledged. Presentational over `useMfaEnrolment()`; each
 * step takes focus to its heading, and the section carries `data-state`.
 */
export function MfaEnrolmentView({ flow }: MfaEnrolmentViewProps) {
  const view = viewOf(flow);
  const ref = useViewFocus<HTMLDivElement>(view);
  return (
    <div ref={ref} className={stack}>
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
  const headingId = useId();
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="mfa-enrolment" data-state={flow.status}>
      <h2 id={headingId} className={styles.heading}>
        Authenticator app
      </h2>
      {view === 'enrolled' && flow.device?.type === 'passkey' ? (
        <p className={successText}>Passkey added as a second step. You will be asked for it when you sign in.</p>
      ) : view === 'enrolled' ? (
        <>
          <p className={successText}>Authenticator app added. You will be asked for a code when you sign in.</p>
          <button type="button" className={button.secondary} onClick={() => flow.loadRecoveryCodes()}>
            Show recovery codes
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
  return (
    <>
      <p className={mutedText}>Add a second step to sign-in with a code from an authenticator app.</p>
      <ErrorMessage>{flow.isBusy ? undefined : flow.error?.message}</ErrorMessage>
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
            Set up an authenticator app
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
            Use a passkey as a second step
          </button>
        ),
      )}
    </>
  );
}
