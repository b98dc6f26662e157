import { useEffect, useId, useState } from 'react';
import { useViewFocus } from '../../focus/useViewFocus.js';
import { Spinner } from '../../Spinner.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { button, mutedText, stack, successText } from '../../styles/shared.css.js';
import * as styles from './TotpEnrolment.css.js';
import { RecoveryCodes } from './RecoveryCodes.js';
import { TotpCodeForm } from './TotpCodeForm.js';
import type { MfaFlowModel } from './types.js';

export interface TotpEnrolmentProps {
  flow: MfaFlowModel;
  /**
   * Enrolment as the second step of a sign-in (MFA required, no device yet): once the app is added,
   * its next code finishes signing in; no recovery codes here (they need a session).
   */
  finishSignIn?: boolean | undefined;
}

/** The otpauth URI as an SVG QR code (a data URL), from `uqr` (no dependencies) loaded on demand. */
function useQrCode(uri: string | undefined): string | undefined {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    setSrc(undefined);
    if (!uri) return undefined;
    let live = true;
    void import('uqr')
      .then(({ renderSVG }) => renderSVG(uri, { border: 1, ecc: 'M' }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [uri]);
  return src;
}

/** Groups of four, as people copy secrets into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Setting up an authenticator app: "Set up", then the QR code of the otpauth URI (and the secret to
 * type in), then the first code. Presentational over `useMfa()`; the root carries `data-state`.
 */
export function TotpEnrolment(props: TotpEnrolmentProps) {
  const { flow, finishSignIn = false } = props;
  const showsCodes = (flow.recoveryCodes?.recoveryCodes.length ?? 0) > 0 && !finishSignIn;
  const view = showsCodes ? 'codes' : flow.status === 'enrolled' ? 'enrolled' : flow.status === 'awaitingEnrolmentCode' || flow.status === 'verifyingEnrolment' ? 'scan' : 'start';
  // Each step of setting up the app takes focus to its heading, so it never drops to the page body.
  const ref = useViewFocus<HTMLDivElement>(view);
  return (
    <div ref={ref} className={stack}>
      <TotpEnrolmentView {...props} />
    </div>
  );
}

function TotpEnrolmentView({ flow, finishSignIn = false }: TotpEnrolmentProps) {
  const headingId = useId();
  const qr = useQrCode(flow.registration?.uri);
  const enrolling = flow.status === 'awaitingEnrolmentCode' || flow.status === 'verifyingEnrolment';
  const shownCodes = flow.recoveryCodes?.recoveryCodes ?? [];
  // The methods the settings offer, in their order (SPEC §3); a sign-in that must enrol first uses the app.
  const offered = finishSignIn
    ? (['totp'] as const)
    : (flow.methods ?? ['totp', 'passkey']).filter((method) => method === 'totp' || (method === 'passkey' && flow.registerPasskey !== undefined));
  const finishing = finishSignIn && (flow.status === 'enrolled' || flow.status === 'verifying' || flow.status === 'done');
  if (shownCodes.length > 0 && !finishSignIn) {
    return (
      <RecoveryCodes
        codes={shownCodes}
        isSaving={flow.status === 'acknowledgingRecoveryCodes'}
        error={flow.error}
        onAcknowledge={() => (flow.acknowledgeRecoveryCodes ? flow.acknowledgeRecoveryCodes() : flow.reset())}
      />
    );
  }
  return (
    <section className={stack} aria-labelledby={headingId} data-flow="mfa-enrolment" data-state={flow.status}>
      <h2 id={headingId} className={styles.heading}>
        Authenticator app
      </h2>
      {finishing ? (
        <>
          <p className={successText}>Authenticator app added.</p>
          <p className={mutedText}>Enter the next code it shows to finish signing in.</p>
          <TotpCodeForm isVerifying={flow.status !== 'enrolled'} error={flow.error} onSubmit={(code) => flow.submitCode(code)} />
        </>
      ) : flow.status === 'enrolled' && flow.device?.type === 'passkey' ? (
        <p className={successText}>Passkey added as a second step. You will be asked for it when you sign in.</p>
      ) : flow.status === 'enrolled' ? (
        <>
          <p className={successText}>Authenticator app added. You will be asked for a code when you sign in.</p>
          {flow.loadRecoveryCodes ? (
            <button type="button" className={button.secondary} onClick={() => flow.loadRecoveryCodes?.()}>
              Show recovery codes
            </button>
          ) : null}
        </>
      ) : enrolling && flow.registration ? (
        <>
          <p className={mutedText}>Scan the QR code with your authenticator app, or enter the key, then type the code it shows.</p>
          <div className={styles.qrFrame}>
            {qr ? <img className={styles.qr} src={qr} width={168} height={168} alt="QR code for your authenticator app" /> : <Spinner />}
          </div>
          <p className={mutedText}>
            Key: <code className={styles.secret} data-testid="totp-secret">{grouped(flow.registration.secret)}</code>
          </p>
          <TotpCodeForm isVerifying={flow.status === 'verifyingEnrolment'} error={flow.error} onSubmit={(code) => flow.submitEnrolmentCode(code)} />
          <button type="button" className={button.quiet} onClick={() => flow.cancel()}>
            Cancel
          </button>
        </>
      ) : (
        <>
          <p className={mutedText}>
            {finishSignIn
              ? 'This account needs a second step at sign-in. Set up an authenticator app to continue.'
              : 'Add a second step to sign-in with a code from an authenticator app.'}
          </p>
          <ErrorMessage>{flow.isBusy ? undefined : flow.error?.message}</ErrorMessage>
          {offered.map((method) =>
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
                  if (!flow.isBusy) flow.registerPasskey?.();
                }}
              >
                {flow.status === 'registeringPasskey' ? <Spinner /> : null}
                Use a passkey as a second step
              </button>
            ),
          )}
        </>
      )}
    </section>
  );
}
