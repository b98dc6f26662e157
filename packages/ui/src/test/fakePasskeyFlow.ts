import { vi } from 'vitest';
import type { PasskeyFlowModel } from '../flows/Passkey/types.js';
import { passkeyFlowModel } from './flowModels.js';

/** A fixed passkey flow view model with `vi.fn()` commands, for rendering one state. */
export const fakePasskeyFlow = (overrides: Partial<PasskeyFlowModel> = {}): PasskeyFlowModel => passkeyFlowModel(() => vi.fn(), overrides);

export { samplePasskeys } from './flowModels.js';
