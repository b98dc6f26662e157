import type { TransactionRequest, TransactionSimulation } from '@latchkey/protocol';
import { ApiError } from '../errors/ApiError.js';
import { InvalidTransactionError, type AccountChange } from './clusterTypes.js';
import type { LocalCluster } from './localCluster.js';
import { decodeMint, decodeTokenAccount, isTokenProgram, uiAmountString } from './parsedAccount.js';

const SOL = { decimals: 9, name: 'Solana', symbol: 'SOL', pricingProviderTokenId: 'solana' };

interface Movement {
  key: string;
  asset: { decimals: number; name: string; symbol: string };
  delta: bigint;
}

function decimalValue(raw: bigint, decimals: number): string {
  const text = uiAmountString(raw, decimals);
  return text.includes('.') ? text : `${text}.0`;
}

/** The balance changes of `owner` (SOL and tokens) and of everyone else, from a simulation's account changes. */
function movements(changes: AccountChange[], owner: string, decimalsOf: (mint: string) => number): { mine: Movement[]; counterparties: Set<string> } {
  const mine = new Map<string, Movement>();
  const counterparties = new Set<string>();
  const add = (key: string, asset: Movement['asset'], delta: bigint) => {
    const entry = mine.get(key) ?? { key, asset, delta: 0n };
    entry.delta += delta;
    mine.set(key, entry);
  };
  for (const change of changes) {
    const lamportDelta = change.after.lamports - (change.before?.lamports ?? 0n);
    const token = isTokenProgram(change.after.owner) ? decodeTokenAccount(change.after.data) : null;
    if (token && token.state !== 'uninitialized') {
      const beforeAmount = change.before ? (decodeTokenAccount(change.before.data)?.amount ?? 0n) : 0n;
      const delta = token.amount - beforeAmount;
      if (delta === 0n) continue;
      const decimals = decimalsOf(token.mint);
      if (token.owner === owner) add(token.mint, { decimals, name: 'Token', symbol: `${token.mint.slice(0, 4)}…` }, delta);
      else counterparties.add(token.owner);
      continue;
    }
    if (lamportDelta === 0n) continue;
    if (change.address === owner) add('SOL', SOL, lamportDelta);
    else if (!token && lamportDelta > 0n && change.after.data.length === 0) counterparties.add(change.address);
  }
  return { mine: [...mine.values()], counterparties };
}

/**
 * POST /solana/simulateTransaction: runs each transaction against the local cluster without committing it and reports
 * what `accountAddress` sends and receives (SOL includes the fee), who receives, and a validation verdict.
 */
export function simulateTransfer(cluster: LocalCluster, request: TransactionRequest): TransactionSimulation {
  if (request.chain !== 'SOL') throw new ApiError(400, 'invalid_request', 'Only SOL transactions can be simulated here.', 'chain');
  const inAssets: TransactionSimulation['inAssets'] = [];
  const outAssets: TransactionSimulation['outAssets'] = [];
  const counterparties = new Set<string>();
  const decimalsOf = (mint: string) => {
    const account = cluster.getAccount(mint);
    return (account && isTokenProgram(account.owner) ? decodeMint(account.data)?.decimals : undefined) ?? 0;
  };
  const problems: string[] = [];
  request.transactions.forEach((base64, index) => {
    let simulated;
    try {
      simulated = cluster.simulateWithAccounts(new Uint8Array(Buffer.from(base64, 'base64')));
    } catch (error) {
      if (error instanceof InvalidTransactionError) throw new ApiError(400, 'invalid_request', 'The transaction could not be decoded.', `transactions.${index}`);
      throw error;
    }
    if (simulated.result.err !== null) {
      problems.push(simulated.result.errText ?? 'The transaction would fail.');
      return;
    }
    const { mine, counterparties: others } = movements(simulated.accounts, request.accountAddress, decimalsOf);
    for (const other of others) if (other !== request.accountAddress) counterparties.add(other);
    for (const movement of mine) {
      const raw = movement.delta < 0n ? -movement.delta : movement.delta;
      const value = decimalValue(raw, movement.asset.decimals);
      const entry = { asset: movement.asset, transfers: [{ value, rawValue: raw.toString(), summary: `${movement.delta < 0n ? 'Send' : 'Receive'} ${value} ${movement.asset.symbol}` }] };
      (movement.delta < 0n ? outAssets : inAssets).push(entry);
    }
  });
  return {
    inAssets,
    outAssets,
    counterparties: [...counterparties],
    showTotalFiat: false,
    validation: problems.length === 0 ? { result: 'benign' } : { result: 'warning', description: 'The transaction would fail.', reason: problems.join(' ') },
  };
}
