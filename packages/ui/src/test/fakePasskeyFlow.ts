import { vi } from 'vitest';
import type { PasskeyManagerFlow } from '../flows/PasskeyManager/PasskeyManagerView.js';
import type { PasskeySignInFlow } from '../flows/PasskeySignIn/PasskeySignInView.js';
import { passkeyManagerFlowModel, passkeySignInFlowModel } from './flowModels.js';

/** Fixed passkey flow view models with `vi.fn()` commands, for rendering one state. */
export const fakePasskeySignInFlow = (overrides: Partial<PasskeySignInFlow> = {}): PasskeySignInFlow => passkeySignInFlowModel(() => vi.fn(), overrides);
export const fakePasskeyManagerFlow = (overrides: Partial<PasskeyManagerFlow> = {}): PasskeyManagerFlow => passkeyManagerFlowModel(() => vi.fn(), overrides);

export { notSupportedError, previouslyRegisteredError, samplePasskeys } from './flowModels.js';
