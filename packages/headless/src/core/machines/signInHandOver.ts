import type { SignInResponse } from '@latchkey/protocol';
import { fromCallback } from 'xstate';
import { getSessionStatus, type SessionActorRef } from './session/sessionMachine.js';

/**
 * What a flow is for, in every flow that can either sign a user in or add a credential to the signed-in user:
 * `signIn` (the default), or `link` — add the e-mail, number, social account or wallet to the signed-in user (the
 * bearer routes `…/verify`, `/verify/link`); the session stays signed in throughout and takes the answer's token.
 */
export type Purpose = 'signIn' | 'link';

/** A flow's view of the session: what it tells it, and its changes (a finished flow starts over on sign-out). */
export interface SessionLink {
  session: Pick<SessionActorRef, 'send' | 'subscribe'>;
}

/**
 * Watches the session for a sign-out, as an xstate callback actor: a finished flow invokes it and sends itself
 * `user.reset` then, so the next sign-in starts from the first step (the UI owns none of this).
 */
export const watchSignOut = fromCallback<{ type: 'user.reset' }, { session: SessionLink['session'] }>(({ input, sendBack }) => {
  const subscription = input.session.subscribe((snapshot) => {
    if (getSessionStatus(snapshot) === 'signedOut') sendBack({ type: 'user.reset' });
  });
  return () => subscription.unsubscribe();
});

interface HandOverContext {
  client: SessionLink;
  /** Absent for flows that only sign in (passkey sign-in, the MFA challenge). */
  purpose?: Purpose;
}

const signsIn = (context: HandOverContext) => (context.purpose ?? 'signIn') === 'signIn';

/**
 * The session hand-over every sign-in flow shares, as named xstate actions (spread them into `setup({ actions })`):
 * a sign-in under way puts the session in `signingIn` (`notifySignInStarted`), an abandoned or failed one puts it back
 * (`notifySignInEnded`), and the answer goes to the session (`handOverSignIn`). A `link` leaves the session as it is
 * until the answer arrives.
 */
export const signInHandOver = {
  notifySignInStarted: ({ context }: { context: HandOverContext }) => {
    if (signsIn(context)) context.client.session.send({ type: 'user.startSignIn' });
  },
  notifySignInEnded: ({ context }: { context: HandOverContext }) => {
    if (signsIn(context)) context.client.session.send({ type: 'user.cancelSignIn' });
  },
  handOverSignIn: ({ context }: { context: HandOverContext }, params: { response: SignInResponse }) => {
    context.client.session.send({ type: 'server.signedIn', response: params.response });
  },
};
