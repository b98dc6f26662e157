// @latchkey/sandbox/testing — node-side fixtures for tests that run against a sandbox (funded wallets, SPL tokens).
export { airdrop, FIXTURE_CONFIRM_TIMEOUT_MS, mintTokenTo, type MintTokenToParameters, type MintTokenToResult } from './solanaFixtures.js';
