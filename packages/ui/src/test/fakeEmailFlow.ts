import { vi } from 'vitest';
import type { EmailFlowModel } from '../flows/EmailSignIn/EmailSignInModel.js';
import { emailFlowModel } from './flowModels.js';

/** A fixed e-mail flow view model with `vi.fn()` commands, for rendering one state. */
export const fakeEmailFlow = (overrides: Partial<EmailFlowModel> = {}): EmailFlowModel => emailFlowModel(() => vi.fn(), overrides);

export { tooManyAttemptsError, wrongCodeError } from './flowModels.js';
