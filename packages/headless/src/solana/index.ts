// @latchkey/headless/solana — Solana helpers. Pure for now: nothing here pulls @solana/web3.js yet.

export { formatAmount } from '../core/amount/formatAmount.js';
export { lamportsToSol, solToLamports } from '../core/amount/lamports.js';
export type { SolanaSigner } from '../core/signer/SolanaSigner.js';
