import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import {
  fakeSmsFlow,
  invalidPhoneError,
  rateLimitError,
  sentToUk,
  testCountries,
  tooManySmsAttemptsError,
  wrongSmsCodeError,
} from '../../test/fakeSmsFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { SmsSignInView } from './SmsSignInView.js';
import type { SmsFlowStatus } from './SmsSignInModel.js';

const root = (container: HTMLElement) => container.querySelector('[data-flow="sms"]');

describe('SmsSignInView', () => {
  it.each<[SmsFlowStatus, string]>([
    ['idle', 'Phone number'],
    ['sendingCode', 'Phone number'],
    ['awaitingCode', 'Verification code'],
    ['verifying', 'Verification code'],
  ])('default: %s shows the %s field and carries data-state', async (status, field) => {
    const { container } = renderInKit(<SmsSignInView flow={fakeSmsFlow({ status, sentTo: sentToUk })} countries={testCountries} />);
    expect(screen.getByLabelText(field)).toBeInTheDocument();
    expect(root(container)).toHaveAttribute('data-state', status);
    await expectNoAxeViolations(container);
  });

  it('behavior: the phone step sends; the code step submits, resends and goes back through the flow', async () => {
    const user = userEvent.setup();
    const flow = fakeSmsFlow();
    const { rerender } = renderInKit(<SmsSignInView flow={flow} countries={testCountries} defaultCountry="GB" />);
    await user.type(screen.getByLabelText('Phone number'), '07400 123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(flow.sendCode).toHaveBeenCalledWith({ phoneNumber: '07400 123456', isoCountryCode: 'GB' });

    const waiting = fakeSmsFlow({ status: 'awaitingCode', sentTo: sentToUk });
    rerender(<SmsSignInView flow={waiting} countries={testCountries} />);
    expect(screen.getByText('+44 7400 123456')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Verification code'), '424242');
    expect(waiting.submitCode).toHaveBeenCalledWith('424242');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(waiting.resendCode).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Use a different number' }));
    expect(waiting.reset).toHaveBeenCalledTimes(1);
  });

  it('behavior: back to the phone step keeps the number and country used before', () => {
    const flow = fakeSmsFlow({ status: 'awaitingCode', sentTo: sentToUk, phone: { phoneNumber: '07400 123456', isoCountryCode: 'GB' } });
    const { rerender } = renderInKit(<SmsSignInView flow={flow} countries={testCountries} />);
    rerender(<SmsSignInView flow={{ ...flow, status: 'idle', phone: undefined, sentTo: undefined }} countries={testCountries} />);
    expect(screen.getByLabelText('Phone number')).toHaveValue('07400 123456');
    expect(screen.getByLabelText('Country')).toHaveValue('GB');
  });

  it("error: 'Invalid phone number.' on the phone step, keeping the number typed", () => {
    renderInKit(
      <SmsSignInView flow={fakeSmsFlow({ error: invalidPhoneError, phone: { phoneNumber: '12', isoCountryCode: 'DE' } })} countries={testCountries} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid phone number.');
    expect(screen.getByLabelText('Phone number')).toHaveValue('12');
    expect(screen.getByLabelText('Country')).toHaveValue('DE');
  });

  it("error: a wrong code and 'Rate limit reached' show on the code step", () => {
    const { rerender } = renderInKit(
      <SmsSignInView flow={fakeSmsFlow({ status: 'awaitingCode', sentTo: sentToUk, error: wrongSmsCodeError })} countries={testCountries} />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The code is invalid or expired.');
    rerender(<SmsSignInView flow={fakeSmsFlow({ status: 'awaitingCode', sentTo: sentToUk, error: rateLimitError })} countries={testCountries} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Rate limit reached');
  });

  it('error: too many attempts ends in failed, with Start over', async () => {
    const user = userEvent.setup();
    const flow = fakeSmsFlow({ status: 'failed', error: tooManySmsAttemptsError });
    const { container } = renderInKit(<SmsSignInView flow={flow} countries={testCountries} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Too many SMS verification attempts.');
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(flow.reset).toHaveBeenCalledTimes(1);
    expect(root(container)).toHaveAttribute('data-state', 'failed');
  });

  it('default: done says who is signed in, or what was added', () => {
    const { rerender } = renderInKit(<SmsSignInView flow={fakeSmsFlow({ status: 'done', sentTo: sentToUk })} countries={testCountries} />);
    expect(screen.getByRole('status')).toHaveTextContent("You're signed in as +44 7400 123456.");
    rerender(<SmsSignInView flow={fakeSmsFlow({ status: 'done', sentTo: sentToUk })} countries={testCountries} purpose="link" />);
    expect(screen.getByRole('status')).toHaveTextContent('+44 7400 123456 was added to your account.');
  });

  it('behavior: a rate limit with Retry-After — "Resend code" and "Continue" wait, counting down, and send nothing', async () => {
    const user = userEvent.setup();
    const flow = fakeSmsFlow({ status: 'awaitingCode', sentTo: sentToUk, error: rateLimitError, retryAt: Date.now() + 30_000, retryInSeconds: 30 });
    const first = renderInKit(<SmsSignInView flow={flow} countries={testCountries} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Rate limit reached');
    const resend = screen.getByRole('button', { name: 'Resend code in 30 s' });
    expect(resend).toHaveAttribute('aria-disabled', 'true');
    await user.click(resend);
    expect(flow.resendCode).not.toHaveBeenCalled();
    first.unmount();
    const idle = fakeSmsFlow({ status: 'idle', phone: { phoneNumber: '07400 123456', isoCountryCode: 'GB' }, error: rateLimitError, retryAt: Date.now() + 12_000, retryInSeconds: 12 });
    renderInKit(<SmsSignInView flow={idle} countries={testCountries} />);
    expect(screen.getByText('You can send a code again in 12 s.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(idle.sendCode).not.toHaveBeenCalled();
  });
});
