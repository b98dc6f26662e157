import type { SmsFlowModel, SmsFlowStatus } from './SmsSignInModel.js';
import { useState, type ReactNode } from 'react';
import { CodeStep } from '../shared/CodeStep.js';
import { DoneStep } from '../shared/DoneStep.js';
import { flowRoot } from '../shared/flowRoot.css.js';
import { FailedStep } from '../shared/FailedStep.js';
import { pickDefaultCountry } from './countries.js';
import { PhoneStep } from './PhoneStep.js';
import type { SmsCountry } from './countries.js';
import { useLocale, useMessages } from '../../messages/useMessages.js';

export interface SmsSignInViewProps {
  /** The flow's view model: `useSmsSignIn()`'s return value, or a fixed one in stories. */
  flow: SmsFlowModel;
  /** The countries the SMS provider sends to. */
  countries: readonly SmsCountry[];
  /** Preselected country; default from the browser's languages, else the first country. */
  defaultCountry?: string | undefined;
  /** Places the phone step among other blocks (the dialog's login view); default: alone. */
  renderPhoneStep?: (phoneStep: ReactNode) => ReactNode;
  /** `verify`: the flow adds the number to the signed-in user (changes the closing words). */
  purpose?: 'signIn' | 'link';
}

/** Whether `sendingCode` is a resend (stays on the code step): derived from the previous status. */
function useResending(status: SmsFlowStatus): boolean {
  const [memory, setMemory] = useState({ status, resending: false });
  if (memory.status !== status) {
    const resending = status === 'sendingCode' && (memory.status === 'awaitingCode' || (memory.status === 'sendingCode' && memory.resending));
    setMemory({ status, resending });
    return resending;
  }
  return memory.resending;
}

/**
 * The SMS flow's markup, the same shape as `EmailSignInView`: switches on `flow.status` and renders the
 * matching presentational step; the root carries `data-flow="sms"` and `data-state`.
 */
export function SmsSignInView({ flow, countries, defaultCountry, renderPhoneStep = (step) => step, purpose = 'signIn' }: SmsSignInViewProps) {
  const t = useMessages();
  const { locale, dir } = useLocale();
  const resending = useResending(flow.status);
  const [initialCountry] = useState(() => defaultCountry ?? pickDefaultCountry(countries));
  // The number used last, to pre-fill the phone step after "Use a different number" (which resets the flow).
  const [lastPhone, setLastPhone] = useState(flow.phone);
  if (flow.phone && flow.phone !== lastPhone) setLastPhone(flow.phone);
  const destination = flow.sentTo?.international;
  let step: ReactNode;
  if (flow.status === 'awaitingCode' || flow.status === 'verifying' || (flow.status === 'sendingCode' && resending)) {
    step = (
      <CodeStep
        email={destination}
        fallbackDestination={t('code.yourPhone')}
        backLabel={t('code.useDifferentPhone')}
        isVerifying={flow.status === 'verifying'}
        isResending={flow.status === 'sendingCode'}
        error={flow.error}
        onSubmit={(code) => void flow.submitCode(code)}
        onResend={() => void flow.resendCode()}
        retryInSeconds={flow.retryInSeconds}
        onBack={() => void flow.reset()}
      />
    );
  } else if (flow.status === 'done') {
    step = <DoneStep email={destination} purpose={purpose} />;
  } else if (flow.status === 'failed') {
    step = <FailedStep error={flow.error} onRestart={() => void flow.reset()} />;
  } else {
    step = renderPhoneStep(
      <PhoneStep
        countries={countries}
        defaultCountry={initialCountry}
        defaultPhone={flow.phone ?? lastPhone}
        isSending={flow.status === 'sendingCode'}
        retryInSeconds={flow.retryInSeconds}
        error={flow.error}
        onSubmit={(phone) => void flow.sendCode(phone)}
      />,
    );
  }
  return (
    <div className={flowRoot} dir={dir} lang={locale} data-flow="sms" data-state={flow.status}>
      {step}
    </div>
  );
}
