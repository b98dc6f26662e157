import type { TransactionSimulation } from '@latchkey/protocol';
import type { UseSendTransactionReturnType } from '@latchkey/headless/react/solana';
import type { SolanaBalance, SolanaTransferRequest } from '@latchkey/headless/solana';
import type { FlowModel } from '../shared/FlowError.js';

/** The types `SendTransactionView` and its steps take: aliases of the hook's own types (a fixed value in stories). */

/** A balance as the send form lists it: a `useSolanaBalances().balances` entry. */
export type SolanaBalanceItem = Pick<SolanaBalance, 'address' | 'isNative' | 'name' | 'symbol' | 'decimals' | 'rawBalance' | 'balance'> &
  Partial<Pick<SolanaBalance, 'logoURI' | 'marketValue'>>;
export type TransferRequestModel = SolanaTransferRequest;
export type SimulationModel = TransactionSimulation;
/** What the send views take from `useSendTransaction()`: its own type (a fixed one in stories). */
export type SendFlowModel = FlowModel<
  Pick<UseSendTransactionReturnType, 'status' | 'request' | 'fee' | 'simulation' | 'signature' | 'error' | 'isBusy' | 'prepare' | 'confirm' | 'resign' | 'cancel' | 'reset'>
> &
  Partial<FlowModel<Pick<UseSendTransactionReturnType, 'retry' | 'canRetry' | 'isComposing'>>>;
export type SendFlowStatus = SendFlowModel['status'];
