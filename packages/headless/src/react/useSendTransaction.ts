import type { TransactionSimulation } from '@latchkey/protocol';
import type { Connection } from '@solana/web3.js';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef } from 'react';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  sendTransactionMachine,
  type PreparedTransaction,
  type SendTransactionSnapshot,
  type SendTransactionStatus,
  type SolanaTransferPort,
} from '../core/machines/sendTransaction/sendTransactionMachine.js';
import type { SolanaSigner } from '../core/signer/SolanaSigner.js';
import { createSolanaTransferPort, type SolanaTransferRequest } from '../solana/transfer/createSolanaTransferPort.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseSendTransactionParameters {
  /** Without one (network not loaded yet), `prepare` ends in 'Transaction and connection are required'. */
  connection: Connection | undefined;
  /** The connected wallet's signer; without one, `prepare` ends in 'Signer not found'. */
  signer: SolanaSigner | undefined;
  /** Pass the signed transaction through the product API's optimizeTransaction before sending. */
  optimize?: boolean;
}

export interface UseSendTransactionReturnType {
  status: SendTransactionStatus;
  request: SolanaTransferRequest | undefined;
  prepared: PreparedTransaction | undefined;
  /** The network fee in lamports, once looked up. */
  fee: bigint | undefined;
  /** The product API's simulation (SPEC §3), shown on the review screen. */
  simulation: TransactionSimulation | undefined;
  signature: string | undefined;
  /** 'Insufficient funds.', 'Transaction failed', 'Transaction timed out', … */
  error: LatchkeyError | undefined;
  isBusy: boolean;
  /** Builds the transfer and checks it can be paid; ends in `review` or `invalid`. */
  prepare(request: SolanaTransferRequest): void;
  /** From `review`: sign, send and confirm. */
  confirm(): void;
  /** From `expired`: build again with a fresh blockhash. */
  resign(): void;
  cancel(): void;
  reset(): void;
}

const selectStatus = (snapshot: SendTransactionSnapshot) => snapshot.value as SendTransactionStatus;
const selectContext = (snapshot: SendTransactionSnapshot) => snapshot.context;
const selectBusy = (snapshot: SendTransactionSnapshot) => snapshot.hasTag('busy');

/** Send SOL or an SPL token and wait for confirmation (the send-and-confirm machine over web3.js). */
export function useSendTransaction({ connection, signer, optimize = false }: UseSendTransactionParameters): UseSendTransactionReturnType {
  const client = useLatchkeyClient();
  // The actor lives as long as the component; the connection and signer it uses are always the latest ones.
  const latest = useRef({ connection, signer });
  latest.current = { connection, signer };
  const [port, delegatingSigner] = useMemo(() => {
    const current = (): SolanaTransferPort<SolanaTransferRequest> => {
      if (!latest.current.connection) throw new LatchkeyError('transaction_and_connection_required');
      return createSolanaTransferPort({ connection: latest.current.connection, client });
    };
    const currentSigner = (): SolanaSigner => {
      if (!latest.current.signer) throw new LatchkeyError('signer_not_found');
      return latest.current.signer;
    };
    const delegatingPort: SolanaTransferPort<SolanaTransferRequest> = {
      prepare: async (request, payer) => {
        currentSigner();
        return current().prepare(request, payer);
      },
      getFee: (prepared) => current().getFee(prepared),
      simulate: (prepared, payer) => current().simulate?.(prepared, payer) ?? Promise.resolve(undefined),
      optimize: (signed, payer) => current().optimize?.(signed, payer) ?? Promise.resolve(signed),
      sendRaw: (signed) => current().sendRaw(signed),
      confirm: (signature, prepared, signal) => current().confirm(signature, prepared, signal),
    };
    const proxySigner: SolanaSigner = {
      get address() {
        return latest.current.signer?.address ?? '';
      },
      signMessage: (message) => currentSigner().signMessage(message),
      signTransaction: (transaction) => currentSigner().signTransaction(transaction),
    };
    return [delegatingPort, proxySigner] as const;
  }, [client]);
  const actor = useActorRef(sendTransactionMachine, { input: { port: port as never, signer: delegatingSigner, optimize } });
  const status = useSelector(actor, selectStatus);
  const context = useSelector(actor, selectContext);
  const isBusy = useSelector(actor, selectBusy);
  const commands = useMemo(
    () => ({
      prepare: (request: SolanaTransferRequest) => actor.send({ type: 'user.prepare', request }),
      confirm: () => actor.send({ type: 'user.confirm' }),
      resign: () => actor.send({ type: 'user.resign' }),
      cancel: () => actor.send({ type: 'user.cancel' }),
      reset: () => actor.send({ type: 'user.reset' }),
    }),
    [actor],
  );
  return useMemo(
    () => ({
      status,
      request: context.request as SolanaTransferRequest | undefined,
      prepared: context.prepared,
      fee: context.fee,
      simulation: context.simulation,
      signature: context.signature,
      error: context.error,
      isBusy,
      ...commands,
    }),
    [status, context, isBusy, commands],
  );
}
