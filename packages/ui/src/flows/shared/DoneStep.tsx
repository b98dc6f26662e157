import { successText } from '../../styles/shared.css.js';

/** The flow finished: the user is signed in (or, for `verify`, the address or number was added to them). */
export function DoneStep({ email, purpose = 'signIn' }: { email: string | undefined; purpose?: 'signIn' | 'verify' | undefined }) {
  const message =
    purpose === 'verify'
      ? email
        ? `${email} was added to your account.`
        : 'It was added to your account.'
      : email
        ? `You're signed in as ${email}.`
        : "You're signed in.";
  return (
    <p role="status" className={successText}>
      {message}
    </p>
  );
}
