import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { fakeEmailFlow, tooManyAttemptsError, wrongCodeError } from '../../test/fakeEmailFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { EmailSignInView } from './EmailSignInView.js';
import type { EmailFlowStatus } from './EmailSignInModel.js';

const flowRoot = (container: HTMLElement) => container.querySelector('[data-flow="email"]');

describe('EmailSignInView', () => {
  it.each<[EmailFlowStatus, string]>([
    ['idle', 'Email'],
    ['sendingCode', 'Email'],
    ['awaitingCode', 'Verification code'],
    ['verifying', 'Verification code'],
  ])('default: %s shows the %s field and carries data-state', async (status, field) => {
    const { container } = renderInKit(<EmailSignInView flow={fakeEmailFlow({ status, email: 'ada@example.com' })} />);
    expect(screen.getByLabelText(field)).toBeInTheDocument();
    expect(flowRoot(container)).toHaveAttribute('data-state', status);
    await expectNoAxeViolations(container);
  });

  it('behavior: the e-mail step sends the code through the flow', async () => {
    const user = userEvent.setup();
    const flow = fakeEmailFlow();
    renderInKit(<EmailSignInView flow={flow} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(flow.sendCode).toHaveBeenCalledWith('ada@example.com');
  });

  it('behavior: the code step submits, resends and goes back through the flow', async () => {
    const user = userEvent.setup();
    const flow = fakeEmailFlow({ status: 'awaitingCode', email: 'ada@example.com' });
    renderInKit(<EmailSignInView flow={flow} />);
    await user.type(screen.getByLabelText('Verification code'), '424242');
    expect(flow.submitCode).toHaveBeenCalledWith('424242');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(flow.resendCode).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(flow.reset).toHaveBeenCalledTimes(1);
  });

  it('error: a wrong code shows the spec wording in the code step', () => {
    renderInKit(<EmailSignInView flow={fakeEmailFlow({ status: 'awaitingCode', email: 'ada@example.com', error: wrongCodeError })} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The code is invalid or expired.');
  });

  it('error: too many attempts ends in failed, with Start over', async () => {
    const user = userEvent.setup();
    const flow = fakeEmailFlow({ status: 'failed', email: 'ada@example.com', error: tooManyAttemptsError });
    const { container } = renderInKit(<EmailSignInView flow={flow} />);
    expect(flowRoot(container)).toHaveAttribute('data-state', 'failed');
    expect(screen.getByRole('alert')).toHaveTextContent('Too many email verification attempts.');
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(flow.reset).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });

  it('default: done says who is signed in', () => {
    const { container } = renderInKit(<EmailSignInView flow={fakeEmailFlow({ status: 'done', email: 'ada@example.com' })} />);
    expect(screen.getByRole('status')).toHaveTextContent("You're signed in as ada@example.com.");
    expect(flowRoot(container)).toHaveAttribute('data-state', 'done');
  });

  it('behavior: renderEmailStep places the e-mail step among other blocks, only in the e-mail states', () => {
    const around = (step: React.ReactNode) => (
      <section aria-label="blocks">
        <p>before</p>
        {step}
      </section>
    );
    const { rerender } = renderInKit(<EmailSignInView flow={fakeEmailFlow()} renderEmailStep={around} />);
    expect(screen.getByRole('region', { name: 'blocks' })).toContainElement(screen.getByLabelText('Email'));
    rerender(<EmailSignInView flow={fakeEmailFlow({ status: 'awaitingCode' })} renderEmailStep={around} />);
    expect(screen.queryByRole('region', { name: 'blocks' })).toBeNull();
  });

  it('behavior: a resend (awaitingCode → sendingCode → awaitingCode) stays on the code step and announces the new code', async () => {
    const user = userEvent.setup();
    const flow = fakeEmailFlow({ status: 'awaitingCode', email: 'ada@example.com' });
    const { rerender } = renderInKit(<EmailSignInView flow={flow} />);
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(flow.resendCode).toHaveBeenCalledTimes(1);
    rerender(<EmailSignInView flow={{ ...flow, status: 'sendingCode', isBusy: true }} />);
    expect(screen.getByLabelText('Verification code')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Sending a new code…');
    rerender(<EmailSignInView flow={{ ...flow, status: 'awaitingCode' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('We sent a new code to ada@example.com.');
  });

  it('behavior: a first send (idle → sendingCode) stays on the e-mail step', () => {
    const flow = fakeEmailFlow({ status: 'idle' });
    const { rerender } = renderInKit(<EmailSignInView flow={flow} />);
    rerender(<EmailSignInView flow={{ ...flow, status: 'sendingCode', email: 'ada@example.com', isBusy: true }} />);
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sending a code…');
  });

  it('behavior: back to the e-mail step keeps the address typed before', () => {
    const flow = fakeEmailFlow({ status: 'awaitingCode', email: 'ada@example.com' });
    const { rerender } = renderInKit(<EmailSignInView flow={flow} />);
    rerender(<EmailSignInView flow={{ ...flow, status: 'idle', email: undefined }} />);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});
