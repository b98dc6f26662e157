import { successText } from '../../styles/shared.css.js';

/** The flow finished: the user is signed in (or, for `link`, the address or number was added to them). */
export function DoneStep({ email, purpose = 'signIn' }: { email: string | undefined; purpose?: 'signIn' | 'link' | undefined }) {
  const message =
    purpose === 'link'
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
