import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../test/axe.js';
import { renderInKit } from '../../test/renderInKit.js';
import { NOT_A_RECOVERY_CODE, RecoveryStep } from './RecoveryStep.js';

const CODE = 'eyJkYXRhIjoiN2IyMjY1NmU2MzYxNzA3MDY1NjQ1MDc1NjI2YzY5NjMyMjNhMjIzMDM0NjE2MjYzNjQ2NTY2MjIzNzMwMzIzNjM1NjIyMjJjMjI2MzY5NzA2ODY1NzI3NDY1Nzg3NDIyM2EyMjMxMzIzMzM0MjIyYzIyNjM3MjY1NjE3NDY1NjQ0MTc0NGQ3MzIyM2EzMTM3MzEzMjM0MzMzNDM1MzYzNzM4MzkzMDMwMzAyYzIyNmY3MjY3NjE2ZTY5N2E2MTc0Njk2ZjZlNDk2NDIyM2EyMjZmNzI2NzJkMzEyMjdkIn0';

describe('RecoveryStep', () => {
  it('behavior: the address is prefilled, the recovery-code field that follows starts empty, accessible', async () => {
    const onSendCode = vi.fn();
    const user = userEvent.setup();
    const { rerender, container } = renderInKit(<RecoveryStep awaitingCode={false} isBusy={false} error={undefined} defaultEmail="ada@example.com" onSendCode={onSendCode} onSubmitCode={vi.fn()} />);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send recovery code' }));
    expect(onSendCode).toHaveBeenCalledWith('ada@example.com');
    rerender(<RecoveryStep awaitingCode isBusy={false} error={undefined} defaultEmail="ada@example.com" onSendCode={onSendCode} onSubmitCode={vi.fn()} />);
    expect(screen.getByLabelText('Recovery code')).toHaveValue('');
    await expectNoAxeViolations(container);
  });

  it('error: only a recovery code is accepted — an e-mail address or a short value is refused locally, a code is submitted', async () => {
    const onSubmitCode = vi.fn();
    const user = userEvent.setup();
    renderInKit(<RecoveryStep awaitingCode isBusy={false} error={undefined} onSendCode={vi.fn()} onSubmitCode={onSubmitCode} />);
    const field = screen.getByLabelText('Recovery code');
    await user.type(field, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Recover wallet' }));
    expect(screen.getByRole('alert')).toHaveTextContent(NOT_A_RECOVERY_CODE);
    expect(onSubmitCode).not.toHaveBeenCalled();
    await user.clear(field);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(field);
    await user.paste(` ${CODE} `);
    await user.click(screen.getByRole('button', { name: 'Recover wallet' }));
    expect(onSubmitCode).toHaveBeenCalledWith(CODE);
  });

  it("error: the flow's error clears when the code is edited", async () => {
    const user = userEvent.setup();
    renderInKit(<RecoveryStep awaitingCode isBusy={false} error={{ code: 'recovery_code_invalid', message: 'The code is invalid or expired.' }} onSendCode={vi.fn()} onSubmitCode={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The code is invalid or expired.');
    await user.type(screen.getByLabelText('Recovery code'), 'x');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
