import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  codeVerificationStatus,
  type CodeVerificationMachine,
  type CodeVerificationSnapshot,
  type CodeVerificationStatus,
} from '../core/machines/codeVerification/codeVerificationMachine.js';
import type { Purpose } from '../core/machines/signInHandOver.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

/** What the e-mail and SMS hooks share: the code flow's view model over one channel's machine. */
export interface CodeVerificationView {
  status: CodeVerificationStatus;
  destination: unknown;
  sentTo: unknown;
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /** After a rate limit with `Retry-After`: when sending may succeed again (ms since the epoch); no code is sent before. */
  retryAt: number | undefined;
  /** Whole seconds until `retryAt`, counting down once a second; 0 when a code may be sent. */
  retryInSeconds: number;
  sendCode(destination: unknown): void;
  resendCode(): void;
  submitCode(code: string): void;
  cancel(): void;
  reset(): void;
}

const selectStatus = (snapshot: CodeVerificationSnapshot) => codeVerificationStatus(snapshot);
const selectDestination = (snapshot: CodeVerificationSnapshot) => snapshot.context.destination;
const selectSentTo = (snapshot: CodeVerificationSnapshot) => snapshot.context.sentTo;
const selectError = (snapshot: CodeVerificationSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: CodeVerificationSnapshot) => snapshot.hasTag('busy');
const selectRetryAt = (snapshot: CodeVerificationSnapshot) => snapshot.context.retryAt;

const secondsUntil = (at: number | undefined) => (at === undefined ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000)));

/** Whole seconds until `at`, re-rendering once a second until it is reached (the timer stops then). */
function useSecondsUntil(at: number | undefined): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(at));
  useEffect(() => {
    setSeconds(secondsUntil(at));
    if (secondsUntil(at) === 0) return undefined;
    const timer = setInterval(() => {
      const left = secondsUntil(at);
      setSeconds(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

/** Starts `machine` (one channel of the code-verification machine) for this component and reads it narrowly. */
export function useCodeVerification(machine: CodeVerificationMachine, purpose: Purpose = 'signIn'): CodeVerificationView {
  const client = useLatchkeyClient();
  const actor = useActorRef(machine, { input: { client, purpose } });
  const status = useSelector(actor, selectStatus);
  const destination = useSelector(actor, selectDestination);
  const sentTo = useSelector(actor, selectSentTo);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const retryAt = useSelector(actor, selectRetryAt);
  const retryInSeconds = useSecondsUntil(retryAt);
  const commands = useMemo(
    () => ({
      sendCode: (value: unknown) => actor.send({ type: 'user.submitDestination', destination: value }),
      resendCode: () => actor.send({ type: 'user.resendCode' }),
      submitCode: (code: string) => actor.send({ type: 'user.submitCode', code }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({ status, destination, sentTo, error, isBusy, retryAt, retryInSeconds, ...commands }),
    [status, destination, sentTo, error, isBusy, retryAt, retryInSeconds, commands],
  );
}
