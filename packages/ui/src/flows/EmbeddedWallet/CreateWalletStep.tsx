import { ErrorMessage } from '../../ErrorMessage.js';
import { Spinner } from '../../Spinner.js';
import { button, mutedText, stack } from '../../styles/shared.css.js';
import type { FlowError } from '../shared/FlowError.js';

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
  const passkeyFirst = forceAuthenticator || allowSkipping;
  const state = isBusy ? 'creating' : passkeyFirst ? 'withPasskey' : 'plain';
  const create = (withPasskey: boolean) => {
    if (!isBusy) onCreate({ withPasskey });
  };
  return (
    <section className={stack} aria-label="Create your wallet" data-flow="embedded-wallet-create" data-state={state}>
      <p className={mutedText}>
        {passkeyFirst ? 'Your wallet will be protected by a passkey on this device.' : 'A Solana wallet will be created for your account; only you can sign with it.'}
      </p>
      <button type="button" className={button.primary} aria-disabled={isBusy ? true : undefined} onClick={() => create(passkeyFirst)}>
        {isBusy ? <Spinner /> : null}
        {passkeyFirst ? 'Create wallet with a passkey' : 'Create wallet'}
      </button>
      {allowSkipping && !forceAuthenticator ? (
        <button type="button" className={button.quiet} aria-disabled={isBusy ? true : undefined} onClick={() => create(false)}>
          Skip for now
        </button>
      ) : null}
      <ErrorMessage>{isBusy ? undefined : error?.message}</ErrorMessage>
    </section>
  );
}
