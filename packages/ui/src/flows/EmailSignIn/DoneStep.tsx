import { successText } from '../../styles/shared.css.js';

/** The flow finished: the user is signed in. */
export function DoneStep({ email }: { email: string | undefined }) {
  return (
    <p role="status" className={successText}>
      {email ? `You're signed in as ${email}.` : "You're signed in."}
    </p>
  );
}
