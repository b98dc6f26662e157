import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { invalidPhoneError, testCountries } from '../../test/fakeSmsFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { EMPTY_PHONE_MESSAGE, PhoneStep } from './PhoneStep.js';

describe('PhoneStep', () => {
  it('default: a labelled country picker and phone field, accessible', async () => {
    const { container } = renderInKit(<PhoneStep countries={testCountries} defaultCountry="GB" onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('Country')).toHaveValue('GB');
    expect(screen.getByRole('option', { name: 'United Kingdom (+44)' })).toBeInTheDocument();
    const field = screen.getByLabelText('Phone number');
    expect(field).toHaveAttribute('type', 'tel');
    expect(field).toHaveAttribute('autocomplete', 'tel-national');
    await expectNoAxeViolations(container);
  });

  it('behavior: submits the typed number with the picked country', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderInKit(<PhoneStep countries={testCountries} onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Country')).toHaveValue('US');
    await user.selectOptions(screen.getByLabelText('Country'), 'DE');
    await user.type(screen.getByLabelText('Phone number'), ' 0151 2345678 ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith({ phoneNumber: '0151 2345678', isoCountryCode: 'DE' });
  });

  it('error: an empty number is refused locally; the flow error shows its wording', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { rerender } = renderInKit(<PhoneStep countries={testCountries} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(EMPTY_PHONE_MESSAGE);
    await user.type(screen.getByLabelText('Phone number'), '3');
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<PhoneStep countries={testCountries} onSubmit={onSubmit} error={invalidPhoneError} defaultPhone={{ phoneNumber: '12', isoCountryCode: 'US' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid phone number.');
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('Invalid phone number.');
  });

  it('behavior: the flow error belongs to the number it was about: fixing the number clears it; a new error shows again', async () => {
    const user = userEvent.setup();
    const { rerender } = renderInKit(<PhoneStep countries={testCountries} onSubmit={vi.fn()} error={invalidPhoneError} defaultPhone={{ phoneNumber: '12', isoCountryCode: 'US' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid phone number.');
    await user.type(screen.getByLabelText('Phone number'), '3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText('Phone number')).not.toHaveAttribute('aria-invalid');
    rerender(<PhoneStep countries={testCountries} onSubmit={vi.fn()} error={{ ...invalidPhoneError }} defaultPhone={{ phoneNumber: '12', isoCountryCode: 'US' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid phone number.');
  });

  it('behavior: while sending it is busy and does not submit again', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderInKit(<PhoneStep countries={testCountries} onSubmit={onSubmit} isSending defaultPhone={{ phoneNumber: '2015550123', isoCountryCode: 'US' }} />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Sending a code…');
    expect(screen.getByLabelText('Country')).toBeDisabled();
  });
});
