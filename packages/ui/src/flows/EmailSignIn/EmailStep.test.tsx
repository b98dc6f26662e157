import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { EMPTY_EMAIL_MESSAGE, EmailStep } from './EmailStep.js';

describe('EmailStep', () => {
  it('default: a labelled e-mail field and Continue, accessible', async () => {
    const { container } = renderInKit(<EmailStep onSubmit={vi.fn()} />);
    const field = screen.getByLabelText('Email');
    expect(field).toHaveAttribute('type', 'email');
    expect(field).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('behavior: submits the trimmed address', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderInKit(<EmailStep onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Email'), '  ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith('ada@example.com');
  });

  it('behavior: Enter in the field submits', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderInKit(<EmailStep onSubmit={onSubmit} defaultEmail="bo@example.com" />);
    await user.type(screen.getByLabelText('Email'), '{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('bo@example.com');
  });

  it('error: an empty address is refused with a message and nothing is sent', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderInKit(<EmailStep onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent(EMPTY_EMAIL_MESSAGE);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('error: shows the flow error with its wording, tied to the field', async () => {
    renderInKit(
      <EmailStep onSubmit={vi.fn()} error={{ code: 'invalid_email_address', message: 'Invalid email address.' }} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Invalid email address.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address.');
  });

  it('behavior: while sending it is busy, says so and does not submit again', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderInKit(<EmailStep onSubmit={onSubmit} defaultEmail="ada@example.com" isSending />);
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Sending a code…');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
