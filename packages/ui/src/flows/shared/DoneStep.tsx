import { useMessages } from '../../messages/useMessages.js';
import { successText } from '../../styles/shared.css.js';

/** The flow finished: the user is signed in (or, for `link`, the address or number was added to them). */
export function DoneStep({ email, purpose = 'signIn' }: { email: string | undefined; purpose?: 'signIn' | 'link' | undefined }) {
  const t = useMessages();
  const message =
    purpose === 'link'
      ? email
        ? t('done.added', { email })
        : t('done.addedUnnamed')
      : email
        ? t('done.signedInAs', { email })
        : t('done.signedIn');
  return (
    <p role="status" className={successText}>
      {message}
    </p>
  );
}
