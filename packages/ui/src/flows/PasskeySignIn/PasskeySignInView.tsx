import type { PasskeySignInFlowModel } from './PasskeySignInModel.js';
import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, stack, visuallyHidden } from '../../styles/shared.css.js';
import { PasskeyIcon } from '../shared/PasskeyIcon.js';
import { RetryHint } from '../shared/RetryHint.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface PasskeySignInViewProps {
  flow: PasskeySignInFlowModel;
}

/**
 * "Sign in with a passkey": starts the browser's passkey prompt for a discoverable credential. While
 * the prompt is up (`signingIn`) the button is busy and "Cancel" aborts it; otherwise the flow's error
 * is shown under it. Presentational; the root carries `data-state`.
 */
export function PasskeySignInView({ flow }: PasskeySignInViewProps) {
  const t = useMessages();
  const errorText = useErrorText();
  const { locale, dir } = useLocale();
  const signingIn = flow.status === 'signingIn';
  return (
    <div className={stack} dir={dir} lang={locale} data-flow="passkey" data-state={flow.status}>
      <button
        type="button"
        className={button.secondary}
        aria-disabled={signingIn ? true : undefined}
        onClick={() => {
          if (!signingIn) flow.signIn();
        }}
      >
        {signingIn ? <Spinner /> : <PasskeyIcon />}
        {t('passkeys.signIn')}
      </button>
      {signingIn ? (
        <button type="button" className={button.quiet} onClick={() => flow.cancel()}>
          {t('common.cancel')}
        </button>
      ) : null}
      <ErrorMessage hint={<RetryHint error={flow.error} />}>{signingIn ? undefined : errorText(flow.error)}</ErrorMessage>
      <p role="status" className={visuallyHidden}>
        {signingIn ? t('passkeys.waiting') : ''}
      </p>
    </div>
  );
}
