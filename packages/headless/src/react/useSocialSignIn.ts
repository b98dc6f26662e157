import type { ProjectSettings, SocialProvider } from '@latchkey/protocol';
import type { Purpose } from '../core/machines/signInHandOver.js';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import type { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  socialSignInMachine,
  socialSignInStatus,
  type SocialSignInSnapshot,
  type SocialSignInStatus,
  type SocialStrategy,
} from '../core/machines/socialSignIn/socialSignInMachine.js';
import { hasRedirectReturn } from '../core/oauth/redirectAttempt.js';
import { createSocialBrowser, type SocialBrowser } from '../core/oauth/socialBrowser.js';
import type { AppleSdkLoader } from '../core/oauth/appleSdk.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseSocialSignInParameters {
  /** The browser features used (popup, messages, location); default the real `window`. */
  browser?: SocialBrowser;
  /** Origin the authorization message must come from; default the API origin (the redirect page's). */
  redirectOrigin?: string;
  /** Finish a redirect return found in the address bar when mounted. Default true. */
  completeRedirectOnMount?: boolean;
  /** Loads Sign in with Apple JS and returns `AppleID.auth`; default `loadAppleSdk` from the project's Apple `baseAuthUrl` or Apple's CDN. */
  appleSdk?: AppleSdkLoader;
}

export interface UseSocialSignInReturnType {
  status: SocialSignInStatus;
  /** The provider of the attempt under way (or last). */
  provider: SocialProvider | undefined;
  /** `signIn`, or `link` (adding the account to the signed-in user). */
  purpose: Purpose;
  /** e.g. `user_cancelled_connection`, `popup_blocked`, `social_invalid_state`. */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /**
   * Call it from the click handler itself: the popup opens synchronously. Without a `strategy`, a provider whose
   * settings entry names a `redirectUrl` uses the full-page redirect; Apple (through its SDK), Safari and iOS use it anyway.
   */
  signIn(provider: SocialProvider, options?: { strategy?: SocialStrategy }): void;
  /** Links the provider's account to the signed-in user. */
  link(provider: SocialProvider, options?: { strategy?: SocialStrategy }): void;
  cancel(): void;
  reset(): void;
}

const selectStatus = (snapshot: SocialSignInSnapshot) => socialSignInStatus(snapshot);
const selectProvider = (snapshot: SocialSignInSnapshot) => snapshot.context.provider;
const selectPurpose = (snapshot: SocialSignInSnapshot) => snapshot.context.purpose;
const selectError = (snapshot: SocialSignInSnapshot) => snapshot.context.error;
const selectBusy = (snapshot: SocialSignInSnapshot) => snapshot.hasTag('busy');

/** A provider whose settings entry names a `redirectUrl` asks for the redirect strategy (the project's choice). */
function defaultStrategy(client: { settings: { get(): { settings: ProjectSettings | undefined } } }, provider: SocialProvider): SocialStrategy | undefined {
  const entry = client.settings.get().settings?.providers.find((candidate) => candidate.provider === provider);
  return entry?.redirectUrl ? 'redirect' : undefined;
}

/** Social sign-in (popup or redirect) and linking; success hands the sign-in to the session. */
export function useSocialSignIn(parameters: UseSocialSignInParameters = {}): UseSocialSignInReturnType {
  const client = useLatchkeyClient();
  const browser = useMemo(() => parameters.browser ?? createSocialBrowser(), [parameters.browser]);
  const actor = useActorRef(socialSignInMachine, { input: { client, browser, redirectOrigin: parameters.redirectOrigin, appleSdk: parameters.appleSdk } });
  const status = useSelector(actor, selectStatus);
  const provider = useSelector(actor, selectProvider);
  const purpose = useSelector(actor, selectPurpose);
  const error = useSelector(actor, selectError);
  const isBusy = useSelector(actor, selectBusy);
  const completeOnMount = parameters.completeRedirectOnMount ?? true;
  useEffect(() => {
    if (completeOnMount && hasRedirectReturn(browser.currentUrl())) actor.send({ type: 'user.completeRedirect' });
  }, [actor, browser, completeOnMount]);
  const commands = useMemo(
    () => ({
      signIn: (name: SocialProvider, options: { strategy?: SocialStrategy } = {}) => {
        const strategy = options.strategy ?? defaultStrategy(client, name);
        actor.send({ type: 'user.start', provider: name, purpose: 'signIn', ...(strategy ? { strategy } : {}) });
      },
      link: (name: SocialProvider, options: { strategy?: SocialStrategy } = {}) =>
        actor.send({ type: 'user.start', provider: name, purpose: 'link', ...(options.strategy ? { strategy: options.strategy } : {}) }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor, client],
  );
  return useMemo(() => ({ status, provider, purpose, error, isBusy, ...commands }), [status, provider, purpose, error, isBusy, commands]);
}
