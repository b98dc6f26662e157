import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { wrongCodeError } from '../../test/fakeEmailFlow.js';
import { renderInKit } from '../../test/renderInKit.js';
import { CodeStep, codeDigits, type CodeStepProps } from './CodeStep.js';

function setup(props: Partial<CodeStepProps> = {}) {
  const handlers = { onSubmit: vi.fn(), onResend: vi.fn(), onBack: vi.fn() };
  const view = renderInKit(<CodeStep email="ada@example.com" {...handlers} {...props} />);
  return { ...handlers, ...view, user: userEvent.setup(), field: screen.getByLabelText('Verification code') };
}

describe('codeDigits', () => {
  it('default: keeps digits only, up to the length', () => {
    expect(codeDigits('123456', 6)).toBe('123456');
    expect(codeDigits(' 123 456 ', 6)).toBe('123456');
    expect(codeDigits('12-34-56-78', 6)).toBe('123456');
    expect(codeDigits('abc', 6)).toBe('');
  });
});

describe('CodeStep', () => {
  it('default: a one-time-code field for 6 digits, focused, accessible', async () => {
    const { field, container } = setup();
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('maxlength', '6');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(/We sent a 6-digit code to ada@example\.com/);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('behavior: typing the sixth digit submits once by itself', async () => {
    const { user, field, onSubmit } = setup();
    await user.type(field, '12345');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(field, '6');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('behavior: letters are ignored', async () => {
    const { user, field, onSubmit } = setup();
    await user.type(field, '1a2b3');
    expect(field).toHaveValue('123');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('behavior: pasting the whole code fills the field and submits it', async () => {
    const { user, field, onSubmit } = setup();
    await user.click(field);
    await user.paste('123 456');
    expect(field).toHaveValue('123456');
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('behavior: a pasted code longer than six digits keeps the first six', async () => {
    const { user, field, onSubmit } = setup();
    await user.click(field);
    await user.paste('Your code: 98-76-54-32');
    expect(field).toHaveValue('987654');
    expect(onSubmit).toHaveBeenCalledWith('987654');
  });

  it('error: Verify with an incomplete code explains and submits nothing', async () => {
    const { user, field, onSubmit } = setup();
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code.');
  });

  it('error: wrong_email_verification_token shows the spec wording and clears the field', async () => {
    const { user, field, onSubmit, rerender } = setup();
    await user.type(field, '111111');
    expect(onSubmit).toHaveBeenCalledWith('111111');
    rerender(<CodeStep email="ada@example.com" onSubmit={onSubmit} onResend={vi.fn()} onBack={vi.fn()} error={wrongCodeError} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The code is invalid or expired.');
    expect(screen.getByLabelText('Verification code')).toHaveValue('');
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('aria-invalid', 'true');
    // The same code may be tried again.
    await user.type(screen.getByLabelText('Verification code'), '111111');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('behavior: while verifying nothing is submitted and the status says so', async () => {
    const { user, field, onSubmit } = setup({ isVerifying: true });
    expect(screen.getByRole('status')).toHaveTextContent('Checking the code…');
    await user.type(field, '123456');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('behavior: Resend code asks for a new code and announces it', async () => {
    const { user, onResend, rerender, onSubmit, onBack } = setup();
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(onResend).toHaveBeenCalledTimes(1);
    rerender(<CodeStep email="ada@example.com" onSubmit={onSubmit} onResend={onResend} onBack={onBack} isResending />);
    expect(screen.getByRole('status')).toHaveTextContent('Sending a new code…');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(onResend).toHaveBeenCalledTimes(1);
    rerender(<CodeStep email="ada@example.com" onSubmit={onSubmit} onResend={onResend} onBack={onBack} />);
    expect(screen.getByRole('status')).toHaveTextContent('We sent a new code to ada@example.com.');
  });

  it('behavior: Use a different email goes back', async () => {
    const { user, onBack } = setup();
    await user.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});
