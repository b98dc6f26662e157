// @latchkey/headless/testing — helpers for host developers' own tests.

/** The client's root session machine (createLatchkeyClient starts it on first use), for tests with a SimulatedClock. */
export { sessionMachine } from '../core/machines/session/sessionMachine.js';
export { createMemoryStorage } from '../core/storage/createMemoryStorage.js';
export {
  createTestClient,
  getInboxMessages,
  getLatestCode,
  getSandboxInfo,
  inboxMessageSchema,
  sandboxInfoSchema,
  type CreateTestClientOptions,
  type InboxMessage,
  type SandboxInfo,
} from '../testing/sandbox.js';
export { createTestWallet, registerTestWallet, type CreateTestWalletOptions, type TestWallet } from '../testing/createTestWallet.js';
