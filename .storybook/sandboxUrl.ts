import { inject } from 'vitest';
import './sandboxUrl.types.js';

/**
 * Setup file of the `storybook` vitest project (runs in the browser before the stories): hands the
 * URL of the sandbox that the project's globalSetup started to the live story.
 */
globalThis.__LATCHKEY_SANDBOX_URL__ = inject('sandboxUrl');
