import { vi } from 'vitest';
import type { PasskeyManagerFlowModel } from '../flows/PasskeyManager/PasskeyManagerModel.js';
import type { PasskeySignInFlowModel } from '../flows/PasskeySignIn/PasskeySignInModel.js';
import { passkeyManagerFlowModel, passkeySignInFlowModel } from './flowModels.js';

/** Fixed passkey flow view models with `vi.fn()` commands, for rendering one state. */
export const fakePasskeySignInFlow = (overrides: Partial<PasskeySignInFlowModel> = {}): PasskeySignInFlowModel => passkeySignInFlowModel(() => vi.fn(), overrides);
export const fakePasskeyManagerFlow = (overrides: Partial<PasskeyManagerFlowModel> = {}): PasskeyManagerFlowModel => passkeyManagerFlowModel(() => vi.fn(), overrides);

export { notSupportedError, previouslyRegisteredError, samplePasskeys } from './flowModels.js';
