import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, stack } from '../../styles/shared.css.js';
import type { FlowError } from '../shared/FlowError.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';
import { useErrorText } from '../../messages/useErrorText.js';


export interface CreateWalletStepProps {
  /** `forceAuthenticatorAtSignup`: the wallet must be protected by a passkey. */
  forceAuthenticator: boolean;
  /** `allowSkippingAuthenticatorAtSignup`: the passkey may be skipped. */
  allowSkipping: boolean;
  isBusy: boolean;
  error: FlowError | undefined;
  onCreate: (options: { withPasskey: boolean }) => void;
}

/**
 * Create-wallet screen: with a passkey when the project forces one, with an optional "Skip for now"
 * when it allows skipping, otherwise a plain "Create wallet". Presentational.
 */
export function CreateWalletStep({ forceAuthenticator, allowSkipping, isBusy, error, onCreate }: CreateWalletStepProps) {
  const t = useMessages();
  const { locale, dir } = useLocale();
  const errorText = useErrorText();
  const passkeyFirst = forceAuthenticator || allowSkipping;
  const state = isBusy ? 'creating' : passkeyFirst ? 'withPasskey' : 'plain';
  const create = (withPasskey: boolean) => {
    if (!isBusy) onCreate({ withPasskey });
  };
  return (
    <section className={stack} aria-label={t('embedded.create.label')} dir={dir} lang={locale} data-flow="embedded-wallet-create" data-state={state}>
      <p className={mutedText}>
        {passkeyFirst ? t('embedded.create.introPasskey') : t('embedded.create.intro')}
      </p>
      <button type="button" className={button.primary} aria-disabled={isBusy ? true : undefined} onClick={() => create(passkeyFirst)}>
        {isBusy ? <Spinner /> : null}
        {passkeyFirst ? t('embedded.create.submitPasskey') : t('embedded.create.submit')}
      </button>
      {allowSkipping && !forceAuthenticator ? (
        <button type="button" className={button.quiet} aria-disabled={isBusy ? true : undefined} onClick={() => create(false)}>
          {t('embedded.create.skip')}
        </button>
      ) : null}
      <ErrorMessage>{isBusy ? undefined : errorText(error)}</ErrorMessage>
    </section>
  );
}
