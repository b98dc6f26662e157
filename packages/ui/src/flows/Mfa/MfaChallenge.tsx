import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, input, label, mutedText, stack } from '../../styles/shared.css.js';
import { TotpCodeForm } from './TotpCodeForm.js';
import { TotpEnrolment } from './TotpEnrolment.js';
import type { MfaFlowModel } from './types.js';
import { useFieldError } from '../../focus/useFieldError.js';

/** The challenge needs the code commands; enrolment first (MFA required) needs the whole flow. */
export type MfaChallengeFlow = Pick<MfaFlowModel, 'status' | 'error' | 'submitCode' | 'cancel' | 'submitRecoveryCode'> & Partial<MfaFlowModel>;

export interface MfaChallengeProps {
  flow: MfaChallengeFlow;
}

const canEnrol = (flow: MfaChallengeFlow): flow is MfaFlowModel =>
  flow.challenge === 'enrolment' && typeof flow.startEnrolment === 'function' && typeof flow.submitEnrolmentCode === 'function' && typeof flow.reset === 'function';

/**
 * The second factor after sign-in: only what the user has (`flow.totpOffered`, `flow.passkeyOffered`,
 * from GET /users/mfa/methods), in the settings' order — the authenticator app's code, the passkey,
 * and recovery codes unless the user has none left. A wrong code shows 'Invalid code'
 * and lets the user try again; the attempt limit ends it ("Sign in again"). When MFA is required and
 * the user has no device yet (`flow.challenge === 'enrolment'`), the authenticator app is set up
 * first and its next code finishes the sign-in. The root carries `data-state`.
 */
export function MfaChallenge({ flow }: MfaChallengeProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  // An error belongs to the field it was about: switching between the app's code and a recovery code leaves it behind.
  const [leftBehind, setLeftBehind] = useState<MfaChallengeFlow['error']>();
  const error = flow.error === leftBehind ? undefined : flow.error;
  const verifying = flow.status === 'verifying' || flow.status === 'verifyingPasskey' || flow.status === 'done';
  // The settings' order (SPEC §3): a disabled method is not offered, the default comes first.
  const methods = flow.methods ?? ['totp', 'passkey'];
  // While the user's methods load, nothing is offered yet; unknown after that, the settings decide.
  const loadingMethods = flow.status === 'loadingMethods' && flow.totpOffered === undefined;
  const totpOffered = methods.includes('totp') && flow.totpOffered !== false && !loadingMethods;
  const passkeyShown = flow.passkeyOffered === true && flow.authenticatePasskey !== undefined && methods.includes('passkey');
  const passkeyFirst = methods[0] === 'passkey' || !totpOffered;
  const recoveryOffered = flow.submitRecoveryCode !== undefined && flow.userMethods?.hasRecoveryCodes !== false && !loadingMethods;
  const passkeyButton = passkeyShown ? (
            <button
              type="button"
              className={button.secondary}
              aria-disabled={verifying ? true : undefined}
              onClick={() => {
                if (!verifying) flow.authenticatePasskey?.();
              }}
            >
              {flow.status === 'verifyingPasskey' ? <Spinner /> : null}
              Use your passkey
            </button>
          ) : null;
  if (canEnrol(flow) && flow.status !== 'failed') {
    // MFA is required and the user has no device: set one up, then its next code finishes the sign-in.
    return (
      <div className={stack} data-flow="mfa" data-challenge="enrolment" data-state={flow.status}>
        <TotpEnrolment flow={flow} finishSignIn />
        {flow.status === 'idle' || flow.status === 'enrolled' ? (
          <button type="button" className={button.quiet} onClick={() => flow.cancel()}>
            Cancel
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <div className={stack} data-flow="mfa" data-state={flow.status}>
      {flow.status === 'failed' ? (
        <>
          <ErrorMessage>{flow.error?.message}</ErrorMessage>
          <button type="button" className={button.primary} onClick={() => flow.cancel()}>
            Sign in again
          </button>
        </>
      ) : (
        <>
          {loadingMethods ? (
            <p className={mutedText} role="status">
              <Spinner /> Checking your second factors…
            </p>
          ) : null}
          {passkeyShown && !totpOffered && !useRecovery ? <p className={mutedText}>Use your passkey to finish signing in.</p> : null}
          {passkeyFirst ? passkeyButton : null}
          {useRecovery && recoveryOffered ? (
            <>
              <p className={mutedText}>Enter one of your recovery codes. Each code works once.</p>
              <RecoveryCodeForm isVerifying={verifying} error={error} onSubmit={(code) => flow.submitRecoveryCode?.(code)} />
            </>
          ) : totpOffered ? (
            <>
              <p className={mutedText}>Enter the code from your authenticator app to finish signing in.</p>
              <TotpCodeForm isVerifying={verifying} error={error} onSubmit={(code) => flow.submitCode(code)} />
            </>
          ) : (
            <ErrorMessage>{verifying || loadingMethods ? undefined : error?.message}</ErrorMessage>
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
              {useRecovery ? (totpOffered ? 'Use your authenticator app' : 'Back') : 'Use a recovery code'}
            </button>
          ) : null}
          <button type="button" className={button.quiet} onClick={() => flow.cancel()}>
            Cancel
          </button>
        </>
      )}
    </div>
  );
}

function RecoveryCodeForm({ isVerifying, error, onSubmit }: { isVerifying: boolean; error: MfaFlowModel['error']; onSubmit: (code: string) => void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string>();
  const flowError = useFieldError(error);
  const shown = localError ?? (isVerifying ? undefined : flowError.error?.message);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isVerifying) return;
    const value = code.trim();
    if (!/^[a-z0-9]{4}-?[a-z0-9]{4}$/i.test(value)) {
      setLocalError('Enter a recovery code such as 7kq2-m9xd.');
      return;
    }
    onSubmit(value);
  };
  return (
    <form className={stack} noValidate onSubmit={submit} aria-busy={isVerifying}>
      <label htmlFor={`${id}-code`} className={label}>
        Recovery code
      </label>
      <input
        id={`${id}-code`}
        className={input}
        name="recoveryCode"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setLocalError(undefined);
          flowError.dismiss();
        }}
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${id}-error` : undefined}
      />
      <ErrorMessage id={`${id}-error`}>{shown}</ErrorMessage>
      <button type="submit" className={button.primary} aria-disabled={isVerifying ? true : undefined}>
        Verify
      </button>
    </form>
  );
}
