import type { ProjectSettings, TransactionSimulation } from '@latchkey/protocol';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { LatchkeyError } from '../core/errors/LatchkeyError.js';
import {
  sendTransactionMachine,
  sendTransactionStatus,
  type PreparedTransaction,
  type SendTransactionSnapshot,
  type SendTransactionStatus,
  type SolanaTransferPort,
} from '../core/machines/sendTransaction/sendTransactionMachine.js';
import type { SolanaSigner } from '../core/signer/SolanaSigner.js';
import type { SolanaRpc } from '../solana/rpc/createSolanaRpc.js';
import type { SolanaTransferRequest } from '../solana/transfer/createSolanaTransferPort.js';
import { loadSolanaTransferPort } from '../solana/transfer/preloadSolanaTransfer.js';
import { useLatchkeyClient } from './LatchkeyContext.js';

export interface UseSendTransactionParameters {
  /** The network's node (`createSolanaRpc`); without one (network not loaded yet), `prepare` ends in 'Transaction and connection are required'. */
  rpc: SolanaRpc | undefined;
  /** The connected wallet's signer; without one, `prepare` ends in 'Signer not found'. */
  signer: SolanaSigner | undefined;
  /**
   * Pass each built transaction through the product API's optimizeTransaction (SPEC §7) before its fee is looked up
   * and it is signed. Without it, the project settings decide (see `optimizeTransactionFromSettings`).
   */
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
  /**
   * After a network failure (`error.code === 'network_error'`): build the same request again, send the same signed
   * bytes again, or confirm the same signature again — whichever step the network cut off. See `canRetry`.
   */
  retry(): void;
  /** Whether `retry()` applies to the current failure. */
  canRetry: boolean;
  /** The transfer is still being put together (form, checks, simulation): nothing is under review or sent yet. */
  isComposing: boolean;
  cancel(): void;
  reset(): void;
}

/**
 * Whether the project's settings ask for optimizeTransaction. SPEC §3 names no setting for it; the closest documented
 * one is the embedded-wallet security setting `sdk.embeddedWallets.transactionSimulation`: it is the only setting
 * about the product API working on a transaction before it is signed, and optimizeTransaction is that work's sibling
 * (DESIGN.md's chain helpers: `/solana/simulateTransaction`, `/solana/optimizeTransaction`). Off unless set to true,
 * and off while the settings load.
 */
export function optimizeTransactionFromSettings(settings: ProjectSettings | undefined): boolean {
  return settings?.sdk.embeddedWallets?.transactionSimulation === true;
}

const selectStatus = (snapshot: SendTransactionSnapshot) => sendTransactionStatus(snapshot);
const selectComposing = (snapshot: SendTransactionSnapshot) => snapshot.hasTag('composing');
const selectContext = (snapshot: SendTransactionSnapshot) => snapshot.context;
const selectBusy = (snapshot: SendTransactionSnapshot) => snapshot.hasTag('busy');
const selectCanRetry = (snapshot: SendTransactionSnapshot) => snapshot.can({ type: 'user.retry' });

/**
 * Send SOL or an SPL token and wait for confirmation (the send-and-confirm machine; the transaction built with
 * web3.js and spl-token, whose code loads when the first transfer is prepared — `preloadSolanaTransfer` loads it
 * sooner).
 */
export function useSendTransaction({ rpc, signer, optimize }: UseSendTransactionParameters): UseSendTransactionReturnType {
  const client = useLatchkeyClient();
  const settings = useSyncExternalStore(client.settings.watch, client.settings.get, client.settings.get);
  const optimizes = optimize ?? optimizeTransactionFromSettings(settings.settings);
  // The actor lives as long as the component; the node, signer and optimize choice it uses are always the latest ones
  // (the settings may arrive after the actor starts).
  const latest = useRef({ rpc, signer, optimizes });
  latest.current = { rpc, signer, optimizes };
  const [port, delegatingSigner] = useMemo(() => {
    const current = async (): Promise<SolanaTransferPort<SolanaTransferRequest>> => {
      const node = latest.current.rpc;
      if (!node) throw new LatchkeyError('transaction_and_connection_required');
      const createSolanaTransferPort = await loadSolanaTransferPort();
      return createSolanaTransferPort({ rpc: node, client });
    };
    const currentSigner = (): SolanaSigner => {
      if (!latest.current.signer) throw new LatchkeyError('signer_not_found');
      return latest.current.signer;
    };
    const delegatingPort: SolanaTransferPort<SolanaTransferRequest> = {
      prepare: async (request, payer) => {
        currentSigner();
        return (await current()).prepare(request, payer);
      },
      getFee: async (prepared) => (await current()).getFee(prepared),
      simulate: async (prepared, payer) => (await current()).simulate?.(prepared, payer),
      optimize: async (unsigned, payer) => (latest.current.optimizes ? ((await (await current()).optimize?.(unsigned, payer)) ?? unsigned) : unsigned),
      sendRaw: async (signed) => (await current()).sendRaw(signed),
      confirm: async (signature, prepared, signal) => (await current()).confirm(signature, prepared, signal),
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
  // The machine always asks; the delegating port's `optimize` calls the product API only when `latest.optimizes`.
  const actor = useActorRef(sendTransactionMachine, { input: { port: port as never, signer: delegatingSigner, optimize: true } });
  const status = useSelector(actor, selectStatus);
  const context = useSelector(actor, selectContext);
  const isBusy = useSelector(actor, selectBusy);
  const canRetry = useSelector(actor, selectCanRetry);
  const isComposing = useSelector(actor, selectComposing);
  // The user reads the kit's sentence; what the wallet, the node or the browser said goes to the logger.
  const { error } = context;
  useEffect(() => {
    if (error) client.logger.warn(`Transfer step failed: ${error.code}`, { error: error.cause ?? error });
  }, [client, error]);
  const commands = useMemo(
    () => ({
      prepare: (request: SolanaTransferRequest) => actor.send({ type: 'user.prepare', request }),
      confirm: () => actor.send({ type: 'user.confirm' }),
      resign: () => actor.send({ type: 'user.resign' }),
      retry: () => actor.send({ type: 'user.retry' }),
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
      canRetry,
      isComposing,
      ...commands,
    }),
    [status, context, isBusy, canRetry, isComposing, commands],
  );
}
