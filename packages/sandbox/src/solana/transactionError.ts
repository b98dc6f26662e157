import type { FailedTransactionMetadata } from 'litesvm';

/** A transaction error as the Solana JSON-RPC API renders it: `"BlockhashNotFound"`, `{ InstructionError: [0, { Custom: 1 }] }`, … */
export type RpcTransactionError = string | Record<string, unknown>;

// The names of LiteSVM's fieldless enums, in their numeric order (litesvm/dist/internal.d.ts).
const transactionErrorNames = [
  'AccountInUse', 'AccountLoadedTwice', 'AccountNotFound', 'ProgramAccountNotFound', 'InsufficientFundsForFee',
  'InvalidAccountForFee', 'AlreadyProcessed', 'BlockhashNotFound', 'CallChainTooDeep', 'MissingSignatureForFee',
  'InvalidAccountIndex', 'SignatureFailure', 'InvalidProgramForExecution', 'SanitizeFailure', 'ClusterMaintenance',
  'AccountBorrowOutstanding', 'WouldExceedMaxBlockCostLimit', 'UnsupportedVersion', 'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit', 'WouldExceedAccountDataBlockLimit', 'TooManyAccountLocks', 'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner', 'InvalidAddressLookupTableData', 'InvalidAddressLookupTableIndex', 'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit', 'WouldExceedAccountDataTotalLimit', 'MaxLoadedAccountsDataSizeExceeded', 'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit', 'UnbalancedTransaction', 'ProgramCacheHitMaxLimit', 'CommitCancelled',
] as const;

const instructionErrorNames = [
  'GenericError', 'InvalidArgument', 'InvalidInstructionData', 'InvalidAccountData', 'AccountDataTooSmall', 'InsufficientFunds',
  'IncorrectProgramId', 'MissingRequiredSignature', 'AccountAlreadyInitialized', 'UninitializedAccount', 'UnbalancedInstruction',
  'ModifiedProgramId', 'ExternalAccountLamportSpend', 'ExternalAccountDataModified', 'ReadonlyLamportChange', 'ReadonlyDataModified',
  'DuplicateAccountIndex', 'ExecutableModified', 'RentEpochModified', 'NotEnoughAccountKeys', 'AccountDataSizeChanged',
  'AccountNotExecutable', 'AccountBorrowFailed', 'AccountBorrowOutstanding', 'DuplicateAccountOutOfSync', 'InvalidError',
  'ExecutableDataModified', 'ExecutableLamportChange', 'ExecutableAccountNotRentExempt', 'UnsupportedProgramId', 'CallDepth',
  'MissingAccount', 'ReentrancyNotAllowed', 'MaxSeedLengthExceeded', 'InvalidSeeds', 'InvalidRealloc', 'ComputationalBudgetExceeded',
  'PrivilegeEscalation', 'ProgramEnvironmentSetupFailure', 'ProgramFailedToComplete', 'ProgramFailedToCompile', 'Immutable',
  'IncorrectAuthority', 'AccountNotRentExempt', 'InvalidAccountOwner', 'ArithmeticOverflow', 'UnsupportedSysvar', 'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded', 'MaxAccountsExceeded', 'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits', 'BorshIoError',
] as const;

// The validator's Display texts for the errors a wallet user meets; the rest read as their names.
const transactionErrorTexts: Record<string, string> = {
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
};
const instructionErrorTexts: Record<string, string> = {
  InsufficientFunds: 'insufficient funds for instruction',
  InvalidAccountData: 'invalid account data for instruction',
  MissingRequiredSignature: 'missing required signature for instruction',
  AccountAlreadyInitialized: 'instruction requires an uninitialized account',
  UninitializedAccount: 'instruction requires an initialized account',
  IncorrectProgramId: 'incorrect program id for instruction',
  InvalidArgument: 'invalid program argument',
  InvalidInstructionData: 'invalid instruction data',
};

type LiteSvmError = ReturnType<FailedTransactionMetadata['err']>;

function instructionError(inner: unknown): { json: unknown; text: string } {
  if (typeof inner === 'number') {
    const name = instructionErrorNames[inner] ?? 'GenericError';
    return { json: name, text: instructionErrorTexts[name] ?? name };
  }
  if (inner && typeof inner === 'object' && 'code' in inner) {
    const code = Number((inner as { code: number }).code);
    return { json: { Custom: code }, text: `custom program error: 0x${code.toString(16)}` };
  }
  const msg = String((inner as { msg?: string } | null)?.msg ?? '');
  return { json: { BorshIoError: msg }, text: `Failed to serialize or deserialize account data: ${msg}` };
}

/** The RPC rendering of a LiteSVM transaction error, and the validator's one-line text of it. */
export function describeTransactionError(err: LiteSvmError): { json: RpcTransactionError; text: string } {
  if (typeof err === 'number') {
    const name = transactionErrorNames[err] ?? 'SanitizeFailure';
    return { json: name, text: transactionErrorTexts[name] ?? name };
  }
  if ('err' in err && typeof err.err === 'function' && 'index' in err) {
    const inner = instructionError(err.err());
    return { json: { InstructionError: [err.index, inner.json] }, text: `Error processing Instruction ${err.index}: ${inner.text}` };
  }
  if ('index' in err) return { json: { DuplicateInstruction: err.index }, text: `Transaction contains a duplicate instruction (${err.index}) that is not allowed` };
  const kind = err.constructor.name.replace(/^TransactionError/, '');
  const accountIndex = (err as { accountIndex: number }).accountIndex;
  const text =
    kind === 'InsufficientFundsForRent'
      ? `Transaction results in an account (${accountIndex}) with insufficient funds for rent`
      : `Execution of the program referenced by account at index ${accountIndex} is temporarily restricted.`;
  return { json: { [kind]: { account_index: accountIndex } }, text };
}

/** A transaction error that is not one of LiteSVM's (the cluster's own checks). */
export function namedTransactionError(name: (typeof transactionErrorNames)[number]): { json: RpcTransactionError; text: string } {
  return { json: name, text: transactionErrorTexts[name] ?? name };
}
