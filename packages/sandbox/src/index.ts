export { DEFAULT_DATA_DIR, DEFAULT_ENVIRONMENT_ID, DEFAULT_PORT, DEFAULT_SEED_FILE, startSandbox } from './startSandbox.js';
export type { Sandbox, SandboxOptions } from './startSandbox.js';
export { sandboxInfoSchema } from './sandboxInfo.js';
export type { SandboxInfo } from './sandboxInfo.js';
export type { InboxMessage } from './services/inbox/inbox.js';
export { tokenAudience, tokenIssuer } from './services/session/sessionTokens.js';
export { EMAIL_CODE_TTL_MS, MAX_EMAIL_SENDS, MAX_WRONG_EMAIL_CODES } from './services/email/emailVerification.js';
