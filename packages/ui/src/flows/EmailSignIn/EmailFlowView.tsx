import type { ReactNode } from 'react';
import { CodeStep } from './CodeStep.js';
import { DoneStep } from './DoneStep.js';
import { EmailStep } from './EmailStep.js';
import { flowRoot } from './EmailFlowView.css.js';
import { FailedStep } from './FailedStep.js';
import type { EmailFlowModel } from './types.js';

export interface EmailFlowViewProps {
  /** The flow's view model: `useEmailSignIn()`'s return value, or a fixed one in stories. */
  flow: EmailFlowModel;
  /** Places the e-mail step among other blocks (the dialog's login view); default: alone. */
  renderEmailStep?: (emailStep: ReactNode) => ReactNode;
}

/**
 * The e-mail flow's markup: switches on `flow.status` and renders the matching presentational
 * step; the root carries `data-state` (the status) for styling and tests.
 */
export function EmailFlowView({ flow, renderEmailStep = (step) => step }: EmailFlowViewProps) {
  return (
    <div className={flowRoot} data-flow="email" data-state={flow.status}>
      {renderStep(flow, renderEmailStep)}
    </div>
  );
}

function renderStep(flow: EmailFlowModel, renderEmailStep: (emailStep: ReactNode) => ReactNode): ReactNode {
  switch (flow.status) {
    case 'idle':
    case 'sendingCode':
      return renderEmailStep(
        <EmailStep
          defaultEmail={flow.email}
          isSending={flow.status === 'sendingCode'}
          error={flow.error}
          onSubmit={(email) => void flow.sendCode(email)}
        />,
      );
    case 'awaitingCode':
    case 'verifying':
      return (
        <CodeStep
          email={flow.email}
          isVerifying={flow.status === 'verifying'}
          isResending={flow.status === 'awaitingCode' && flow.isBusy}
          error={flow.error}
          onSubmit={(code) => void flow.submitCode(code)}
          onResend={() => void flow.resendCode()}
          onBack={() => void flow.reset()}
        />
      );
    case 'done':
      return <DoneStep email={flow.email} />;
    case 'failed':
      return <FailedStep error={flow.error} onRestart={() => void flow.reset()} />;
  }
}
