'use client';

import { useSession } from '@latchkey/headless/react';
import { useEmailSignIn } from '@latchkey/headless/react/email';
import type { FormEvent } from 'react';

/** The host's own markup on the kit's hooks (hooks run on the client, hence 'use client' here). */
export function HeadlessSignIn() {
  const session = useSession();
  const email = useEmailSignIn();
  const awaitingCode = email.status === 'awaitingCode' || email.status === 'verifying';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('value') ?? '');
    if (awaitingCode) email.submitCode(value);
    else email.sendCode(value);
    event.currentTarget.reset();
  };

  return (
    <>
      <p data-testid="session-status">Session: {session.status}</p>
      {session.status === 'signedIn' ? (
        <p>
          Signed in as <strong>{session.user?.email}</strong> <button onClick={() => session.signOut()}>Sign out</button>
        </p>
      ) : (
        <form onSubmit={onSubmit} aria-busy={email.isBusy}>
          <label>
            {awaitingCode ? 'Code' : 'Email'} <input name="value" autoComplete={awaitingCode ? 'one-time-code' : 'email'} />
          </label>
          <button type="submit" disabled={email.isBusy || session.status === 'restoring'}>
            {awaitingCode ? 'Verify' : 'Send code'}
          </button>
          {email.error ? <p role="alert">{email.error.message}</p> : null}
        </form>
      )}
    </>
  );
}
