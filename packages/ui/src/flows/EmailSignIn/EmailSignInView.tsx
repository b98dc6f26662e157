import type { EmailFlowModel } from './EmailSignInModel.js';
import type { ReactNode } from 'react';
import { CodeStep } from '../shared/CodeStep.js';
import { DoneStep } from '../shared/DoneStep.js';
import { EmailStep } from './EmailStep.js';
import { flowRoot } from '../shared/flowRoot.css.js';
import { FailedStep } from '../shared/FailedStep.js';
import { useStepMemory, type StepMemory } from '../shared/useStepMemory.js';
import { useLocale } from '../../messages/useLocale.js';

export interface EmailSignInViewProps {
  /** The flow's view model: `useEmailSignIn()`'s return value, or a fixed one in stories. */
  flow: EmailFlowModel;
  /** Places the e-mail step among other blocks (the dialog's login view); default: alone. Gets the address used last, too. */
  renderEmailStep?: (emailStep: ReactNode, memory: { lastEmail: string | undefined }) => ReactNode;
  /** `link`: the flow adds the e-mail to the signed-in user (changes the closing words). Default `signIn`. */
  purpose?: 'signIn' | 'link';
  /** Design setting `modal.emailSubmitButtonInsideInput`: "Continue" sits inside the e-mail field. */
  submitInsideInput?: boolean | undefined;
}

/**
 * The e-mail flow's markup: switches on `flow.status` and renders the matching presentational
 * step; the root carries `data-state` (the status) for styling and tests.
 */
export function EmailSignInView({ flow, renderEmailStep = (step) => step, purpose = 'signIn', submitInsideInput }: EmailSignInViewProps) {
  const { locale, dir } = useLocale();
  const memory = useStepMemory(flow.status, flow.email);
  return (
    <div className={flowRoot} dir={dir} lang={locale} data-flow="email" data-state={flow.status}>
      {renderStep(flow, memory, renderEmailStep, purpose, submitInsideInput === true)}
    </div>
  );
}

function renderStep(
  flow: EmailFlowModel,
  memory: StepMemory,
  renderEmailStep: NonNullable<EmailSignInViewProps['renderEmailStep']>,
  purpose: 'signIn' | 'link',
  submitInsideInput: boolean,
): ReactNode {
  // A resend passes through `sendingCode` too, but stays on the code step.
  const onCodeStep =
    flow.status === 'awaitingCode' || flow.status === 'verifying' || (flow.status === 'sendingCode' && memory.resending);
  if (onCodeStep) {
    return (
      <CodeStep
        email={flow.email}
        isVerifying={flow.status === 'verifying'}
        isResending={flow.status === 'sendingCode'}
        error={flow.error}
        onSubmit={(code) => void flow.submitCode(code)}
        onResend={() => void flow.resendCode()}
        retryInSeconds={flow.retryInSeconds}
        onBack={() => void flow.reset()}
      />
    );
  }
  switch (flow.status) {
    case 'done':
      return <DoneStep email={flow.email} purpose={purpose} />;
    case 'failed':
      return <FailedStep error={flow.error} onRestart={() => void flow.reset()} />;
    default:
      return renderEmailStep(
        <EmailStep
          defaultEmail={flow.email ?? memory.lastEmail}
          isSending={flow.status === 'sendingCode'}
          retryInSeconds={flow.retryInSeconds}
          error={flow.error}
          onSubmit={(email) => void flow.sendCode(email)}
          submitInsideInput={submitInsideInput}
        />,
        { lastEmail: flow.email ?? memory.lastEmail },
      );
  }
}
