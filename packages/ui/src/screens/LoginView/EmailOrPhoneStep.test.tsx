import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { invalidPhoneError, testCountries } from '../../test/fakeSmsFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { EMPTY_EMAIL_OR_PHONE_MESSAGE, EmailOrPhoneStep } from './EmailOrPhoneStep.js';

function setup(props: Partial<Parameters<typeof EmailOrPhoneStep>[0]> = {}) {
  const handlers = { onSubmitEmail: vi.fn(), onSubmitPhone: vi.fn() };
  const view = renderInKit(<EmailOrPhoneStep countries={testCountries} defaultCountry="GB" {...handlers} {...props} />);
  return { ...handlers, ...view, user: userEvent.setup(), field: screen.getByLabelText('Email or phone number') };
}

describe('EmailOrPhoneStep', () => {
  it('default: one field; an address goes to the e-mail flow, no country picker', async () => {
    const { user, field, onSubmitEmail, onSubmitPhone, container } = setup();
    await user.type(field, ' ada@example.com ');
    expect(screen.queryByLabelText('Country')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmitEmail).toHaveBeenCalledWith('ada@example.com');
    expect(onSubmitPhone).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('behavior: digits bring the country picker and go to the SMS flow with the picked country', async () => {
    const { user, field, onSubmitEmail, onSubmitPhone, container } = setup();
    await user.type(field, '07400 123456');
    expect(screen.getByLabelText('Country')).toHaveValue('GB');
    await user.selectOptions(screen.getByLabelText('Country'), 'US');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmitPhone).toHaveBeenCalledWith({ phoneNumber: '07400 123456', isoCountryCode: 'US' });
    expect(onSubmitEmail).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);
  });

  it('behavior: a +… number carries its own country, so no picker', async () => {
    const { user, field, onSubmitPhone } = setup();
    await user.type(field, '+49 151 2345678');
    expect(screen.queryByLabelText('Country')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmitPhone).toHaveBeenCalledWith({ phoneNumber: '+49 151 2345678', isoCountryCode: 'GB' });
  });

  it('error: empty is refused locally; the error of the flow the text points at is shown', async () => {
    const { user, field, onSubmitEmail, rerender } = setup({ phoneError: invalidPhoneError, defaultValue: '12' });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid phone number.');
    await user.clear(field);
    await user.type(field, 'ada@');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(EMPTY_EMAIL_OR_PHONE_MESSAGE);
    expect(onSubmitEmail).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Email or phone number'), 'ada@');
    rerender(
      <EmailOrPhoneStep
        countries={testCountries}
        onSubmitEmail={onSubmitEmail}
        onSubmitPhone={vi.fn()}
        emailError={{ code: 'invalid_email_address', message: 'Enter a valid e-mail address.' }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid e-mail address.');
    // It was about the address that was sent: editing it leaves the error behind.
    await user.type(screen.getByLabelText('Email or phone number'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('behavior: while sending nothing is submitted again', async () => {
    const { user, onSubmitEmail, onSubmitPhone } = setup({ isSending: true, defaultValue: 'ada@example.com' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmitEmail).not.toHaveBeenCalled();
    expect(onSubmitPhone).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Sending a code…');
  });
});
